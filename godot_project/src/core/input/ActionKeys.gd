class_name ActionKeys
extends RefCounted
## Names of the keys and buttons bound to input actions, read from the [InputMap] (so a
## rebinding shows at once and nothing is hard-coded). Keys bound by physical position
## are named after the key at that position on a US QWERTY keyboard; the mouse's buttons
## in the player's words ([method GameText.mouse_button]).

## Separator between the bindings of one action.
const SEPARATOR := " / "


## The bindings of [param action], e.g. [code]"E / PageUp"[/code]; empty if the action
## does not exist or has no binding.
static func describe(action: StringName) -> String:
	if not InputMap.has_action(action):
		return ""
	var names := PackedStringArray()
	for event in InputMap.action_get_events(action):
		var text := event_name(event)
		if not text.is_empty() and not names.has(text):
			names.append(text)
	return SEPARATOR.join(names)


## A short name of one binding.
static func event_name(event: InputEvent) -> String:
	var key := event as InputEventKey
	if key != null:
		if key.physical_keycode != KEY_NONE:
			return key.as_text_physical_keycode()
		return key.as_text_keycode()
	var button := event as InputEventMouseButton
	if button != null and not GameText.mouse_button(button.button_index).is_empty():
		return GameText.mouse_button(button.button_index)
	return event.as_text()
