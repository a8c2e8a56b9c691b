extends Node
## The audio autoload ([code]SoundSystem[/code]): clicks for the UI, the sound bank made
## ahead, and a quit that leaves no sound playing.
## [br]- Every [BaseButton] that enters the tree, in any scene (the menus, the pause menu,
##   the end screens, the options screen), plays [code]ui_click[/code] ([SoundBank]) on the
##   [code]UI[/code] bus when pressed, also while the tree is paused and across scene
##   changes.
## [br]- From its second frame on it makes the [SoundBank]'s sounds not made yet, one per
##   frame (while the main menu shows, say), so that no game waits for the whole bank and
##   no event for its sound.
## [br]- [method quit] closes the [AudioGate] (every sound stops), waits until the stops are
##   through the [AudioServer] and then quits; a window's close request does the same
##   (unless a node of the group [code]quit_guards[/code] holds it to ask first). A run
##   started with [code]--quit-after N[/code] (the scripts' scene runs; read from the
##   process's command line on Linux, since Godot keeps its own options from
##   [method OS.get_cmdline_args]) closes the gate [constant DRAIN_FRAMES] frames before
##   frame N. Otherwise Godot reports the sounds still playing at exit as leaked objects
##   (see [AudioGate]).
##
## It names no extension class, so it loads before the GDExtension is needed.

## The sound of a button press.
const CLICK := &"ui_click"
## Players taking turns, so that quick presses do not cut each other off.
const VOICES := 3
## Frames before the end of a [code]--quit-after[/code] run at which sound stops: enough
## for a mix step of the dummy driver (the slowest to mix) at headless frame rates.
const DRAIN_FRAMES := 60

## Clicks played since start.
var clicks := 0

var _players: Array[AudioStreamPlayer] = []
var _next := 0
var _quit_after := -1
var _unmade: Array[StringName] = []


func _ready() -> void:
	process_mode = Node.PROCESS_MODE_ALWAYS
	for i in VOICES:
		var player := AudioStreamPlayer.new()
		player.name = "Click%d" % i
		player.bus = &"UI"
		add_child(player)
		_players.append(player)
	get_tree().node_added.connect(_on_node_added)
	for button in get_tree().root.find_children("*", "BaseButton", true, false):
		_on_node_added(button)
	get_tree().auto_accept_quit = false
	_quit_after = _quit_after_frames()
	make_bank_ahead()


func _process(_delta: float) -> void:
	while not _unmade.is_empty():
		var sound: StringName = _unmade.pop_front()
		if not SoundBank.is_built(sound):
			SoundBank.get_sound(sound)
			break
	if _quit_after > 0 and Engine.get_process_frames() >= _quit_after - DRAIN_FRAMES:
		_quit_after = -1
		AudioGate.close(get_tree())


func _notification(what: int) -> void:
	if what == NOTIFICATION_WM_CLOSE_REQUEST:
		# A node of the group "quit_guards" (a game with play not saved) may hold the quit
		# to ask first; it quits through quit() on the player's word.
		for guard in get_tree().get_nodes_in_group(&"quit_guards"):
			if guard.call(&"intercept_quit"):
				return
		quit()


## Plays the click now (what a button press does); false once the [AudioGate] is closed.
func click() -> bool:
	if not AudioGate.is_open():
		return false
	var player := _players[_next]
	_next = (_next + 1) % VOICES
	if player.stream == null:
		player.stream = SoundBank.get_sound(CLICK)
	player.play()
	clicks += 1
	return true


## Makes the [SoundBank]'s sounds not made yet, one per frame from the next frame on.
func make_bank_ahead() -> void:
	_unmade.assign(SoundBank.SOUNDS.keys())


## Stops every sound, waits until the [AudioServer] has let go of them, then quits with
## [param exit_code].
func quit(exit_code: int = 0) -> void:
	AudioGate.close(get_tree())
	while not AudioGate.is_drained():
		await get_tree().process_frame
	await get_tree().process_frame
	get_tree().quit(exit_code)


func _on_node_added(node: Node) -> void:
	var button := node as BaseButton
	if button != null and not button.pressed.is_connected(click):
		button.pressed.connect(click)


# The N of --quit-after N, or -1. Godot keeps its own options out of
# OS.get_cmdline_args(); the process's command line (Linux) still has them.
static func _quit_after_frames() -> int:
	var file := FileAccess.open("/proc/self/cmdline", FileAccess.READ)
	if file == null:
		return -1
	var bytes := file.get_buffer(1 << 16)
	for i in bytes.size():
		if bytes[i] == 0:
			bytes[i] = 10
	var args := bytes.get_string_from_utf8().split("\n")
	var at := args.find("--quit-after")
	if at < 0 or at + 1 >= args.size() or not args[at + 1].is_valid_int():
		return -1
	return args[at + 1].to_int()
