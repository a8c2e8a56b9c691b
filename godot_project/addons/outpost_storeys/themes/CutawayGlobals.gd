@tool
class_name CutawayGlobals
extends RefCounted
## The shader globals the cut-away reads ([code]themes/shaders/cutaway.gdshaderinc[/code]:
## [code]cutaway_focus[/code], a vec3, and [code]cutaway_radius[/code], a float), made to
## exist in any project.
##
## A project that defines them in its Project Settings ([code]shader_globals[/code], as the
## Outpost game does to move the focus with Genesis) keeps its own. A project that does not
## (a fresh one with only this addon) gets them from [method ensure] at their off values
## (no focus, radius 0: nothing is cut by a focus), so the themes' materials draw whole and
## the renderer logs no "global parameter ... removed" warning. [CellDefinitions] and
## [WallKit] call it when their scripts load, before any theme material draws; the editor
## plugin calls it when it starts.

## The global the focus (Genesis's position in the game) is written to.
const FOCUS := &"cutaway_focus"
## The global the focus's radius is written to (0: no focus).
const RADIUS := &"cutaway_radius"
## [constant FOCUS]'s value while nothing is focused: far below every storey.
const FOCUS_OFF := Vector3(0.0, -1000.0, 0.0)

# True once this process has looked (the globals are then there).
static var _ensured := false


## Adds [constant FOCUS] and [constant RADIUS] to the [RenderingServer]'s shader globals,
## at their off values, where the project's settings do not define them; once per run
## (the server's own list of globals is editor-only, so the project's settings tell what
## the server loaded at start).
static func ensure() -> void:
	if _ensured:
		return
	_ensured = true
	if not ProjectSettings.has_setting("shader_globals/" + FOCUS):
		RenderingServer.global_shader_parameter_add(
			FOCUS, RenderingServer.GLOBAL_VAR_TYPE_VEC3, FOCUS_OFF
		)
	if not ProjectSettings.has_setting("shader_globals/" + RADIUS):
		RenderingServer.global_shader_parameter_add(
			RADIUS, RenderingServer.GLOBAL_VAR_TYPE_FLOAT, 0.0
		)
