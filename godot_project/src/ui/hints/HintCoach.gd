class_name HintCoach
extends CanvasLayer
## Short hints in the first minutes of a game, each at the moment it helps and each once
## per profile ([constant HINTS], in the order they are considered). Out on the surface
## ([member OutpostSurface.outside]) only the surface's hints ([constant SURFACE_HINTS])
## come, and inside only the others:
## [br]- [constant SALVAGE_HEAPS]: Genesis within [member near_cells] of a heap with
##   salvage left, before any was salvaged;
## [br]- [constant ENTER_OUTPOST]: [member enter_after_seconds] of game time out on the
##   surface, or [member enter_after_units] units salvaged;
## [br]- [constant GENESIS_CANNOT_FIGHT]: the first agent on Genesis's floor, or the first
##   bite (Genesis's health drops);
## [br]- [constant CONNECT_SHAFTS]: Genesis within [member near_cells] of a disconnected
##   shaft;
## [br]- [constant RESTORE_BEACONS]: Genesis within [member near_cells] of a damaged beacon;
## [br]- [constant BUILD_TOWERS]: the first wave has started, or the materials pay for a
##   tower.
## [br]One shows at a time, at the right of the screen under [member below] (the HUD's
## top right panel), for [member show_seconds] (game
## time: it waits while the game is paused) or until dismissed: the
## [code]dismiss_hint[/code] action or its close button. It never pauses the game and takes
## no other input: only the close button takes clicks. A hint counts as seen once shown,
## and is remembered in [member settings_path] (a [ConfigFile], section
## [constant SECTION], one key per hint), read, changed and written back so that the
## file's other sections (the game's settings) stay; [method reset_hints] forgets them.
## Hints show during the first [member window_seconds] of a game's time.
##
## It connects itself in [method Node._ready] to the nodes its exports name (set in the
## game scene): the building, the loop, Genesis and the surface.

## Hint [param id] appeared.
signal hint_shown(id: StringName)
## Hint [param id] was dismissed (by the key or the close button) or timed out.
signal hint_hidden(id: StringName)

## Hold interact beside a heap on the surface: its salvage goes into the materials.
const SALVAGE_HEAPS := &"salvage_heaps"
## The green door leads into the outpost, whose beacons need restoring.
const ENTER_OUTPOST := &"enter_outpost"
## Genesis cannot fight; towers do.
const GENESIS_CANNOT_FIGHT := &"genesis_cannot_fight"
## Connected shafts bring materials.
const CONNECT_SHAFTS := &"connect_shafts"
## Hold interact next to a beacon to restore it.
const RESTORE_BEACONS := &"restore_beacons"
## B builds towers.
const BUILD_TOWERS := &"build_towers"
## Every hint, in the order they are considered.
const HINTS: Array[StringName] = [
	SALVAGE_HEAPS,
	ENTER_OUTPOST,
	GENESIS_CANNOT_FIGHT,
	CONNECT_SHAFTS,
	RESTORE_BEACONS,
	BUILD_TOWERS
]
## The hints of the surface, which come only while Genesis is out there.
const SURFACE_HINTS: Array[StringName] = [SALVAGE_HEAPS, ENTER_OUTPOST]
## Where hints seen are remembered by default (the game's settings file).
const SETTINGS_PATH := "user://settings.cfg"
## The settings file's section of the hints.
const SECTION := "hints"

## The building whose floors, shafts, beacons and agents the hints watch.
@export var building: OutpostBuilding
## The loop: its ticks, materials, rules and game time.
@export var loop: OutpostLoop
## Genesis: where it is and when it is bitten.
@export var genesis: OutpostGenesis
## The surface around the building: whether Genesis is out there, and its heaps (null: no
## surface, Genesis always inside).
@export var surface: OutpostSurface
## The control the hint shows under (null: where the scene puts it).
@export var below: Control
## The settings file the hints seen are kept in.
@export var settings_path := SETTINGS_PATH
## Seconds a hint stays unless dismissed.
@export_range(1.0, 60.0, 0.5, "suffix:s") var show_seconds := 12.0
## Seconds between one hint going and the next coming.
@export_range(0.0, 30.0, 0.5, "suffix:s") var gap_seconds := 2.0
## Seconds of a game before the first hint.
@export_range(0.0, 60.0, 0.5, "suffix:s") var first_delay := 2.0
## Hints show during this many seconds of a game's time (0: always).
@export_range(0.0, 3600.0, 10.0, "suffix:s") var window_seconds := 600.0
## How near (Manhattan distance, cells) Genesis must be to a shaft, a beacon or a heap.
@export_range(0, 10, 1) var near_cells := 3
## Seconds of game time out on the surface before the way in is hinted.
@export_range(0.0, 600.0, 1.0, "suffix:s") var enter_after_seconds := 40.0
## Units salvaged on the surface after which the way in is hinted at once: enough to start
## on the beacons inside.
@export_range(0, 1000, 1) var enter_after_units := 40

## The hint on screen (&"" when none).
var current: StringName = &""

var _seen: Dictionary[StringName, bool] = {}
var _left := 0.0
var _wait := 0.0
var _bitten := false
var _last_health := INF
var _outside_seconds := 0.0

@onready var _panel: Control = %Panel
@onready var _text: Label = %HintText
@onready var _close: Button = %CloseButton


func _ready() -> void:
	_panel.visible = false
	_close.pressed.connect(dismiss)
	_load_seen()
	if loop != null:
		loop.ticked.connect(_on_ticked)
	if genesis != null:
		_last_health = genesis.health
		genesis.health_changed.connect(_on_health_changed)
	if building != null:
		building.built.connect(_on_built.unbind(1))


func _process(delta: float) -> void:
	if current.is_empty():
		return
	_left -= delta
	if _left <= 0.0:
		_hide()


func _unhandled_input(event: InputEvent) -> void:
	if not current.is_empty() and event.is_action_pressed(&"dismiss_hint"):
		dismiss()
		get_viewport().set_input_as_handled()


## The words of hint [param id], with the keys bound now ([method GameText.hint]).
static func hint_text(id: StringName) -> String:
	var key := ActionKeys.describe(&"build_mode")
	if id in [CONNECT_SHAFTS, RESTORE_BEACONS, SALVAGE_HEAPS]:
		key = ActionKeys.describe(&"interact")
	if id in SURFACE_HINTS:
		return SurfaceText.hint(id, key)
	return GameText.hint(id, key) if id in HINTS else ""


## Whether hint [param id] was shown already (on this profile).
func is_seen(id: StringName) -> bool:
	return _seen.get(id, false)


## Shows hint [param id] now (in place of the one on screen) and remembers it as seen.
func show_hint(id: StringName) -> void:
	if not HINTS.has(id):
		push_error("HintCoach.show_hint: no hint '%s' (hints: %s)" % [id, HINTS])
		return
	current = id
	_text.text = hint_text(id)
	_close.text = GameText.close_hint(ActionKeys.describe(&"dismiss_hint"))
	if below != null:
		_panel.position.y = below.get_global_rect().end.y + 8.0
	_panel.visible = true
	_left = show_seconds
	_remember(id)
	hint_shown.emit(id)


## Hides the hint on screen (the dismiss_hint action and the close button call it).
func dismiss() -> void:
	if not current.is_empty():
		_hide()


## Forgets every hint seen, in memory and in the settings file (its other sections stay),
## and hides the one on screen.
func reset_hints() -> void:
	_seen.clear()
	if not current.is_empty():
		_hide()
	var config := ConfigFile.new()
	var error := config.load(settings_path)
	if error == OK and config.has_section(SECTION):
		config.erase_section(SECTION)
		config.save(settings_path)


## The hint whose moment it is now among those not seen (&"" for none).
func due_hint() -> StringName:
	for id in HINTS:
		if not is_seen(id) and _is_due(id):
			return id
	return &""


# Whether hint `id`'s moment has come: a surface hint's only out there, any other's only
# inside. A hint about something the player has already done (a heap salvaged, a shaft
# connected, a beacon restored a little, a tower built) never comes: they know.
func _is_due(id: StringName) -> bool:
	var outside := surface != null and surface.outside
	if SURFACE_HINTS.has(id) != outside:
		return false
	return _is_due_outside(id) if outside else _is_due_inside(id)


# SALVAGE_HEAPS's or ENTER_OUTPOST's moment, Genesis out on the surface.
func _is_due_outside(id: StringName) -> bool:
	if id == SALVAGE_HEAPS:
		var at := genesis.current_cell()
		var near := surface.get_nodes().any(
			func(node: SalvageNode) -> bool:
				return not node.is_empty() and _cells_between(at, node.cell) <= near_cells
		)
		return _salvaged() == 0 and near
	return _outside_seconds >= enter_after_seconds or _salvaged() >= enter_after_units


# The moment of one of the building's hints, Genesis inside.
func _is_due_inside(id: StringName) -> bool:
	var floor_index := building.genesis_floor
	var at := genesis.current_cell()
	var storey := building.get_storey(floor_index)
	match id:
		GENESIS_CANNOT_FIGHT:
			return _bitten or BuildingCensus.agents(building, floor_index) > 0
		CONNECT_SHAFTS:
			var near := storey.get_shafts().filter(
				func(shaft: ShaftConnector) -> bool:
					return (
						shaft.throughput == ShaftConnector.Throughput.DISCONNECTED
						and _cells_between(at, shaft.cell) <= near_cells
					)
			)
			return BuildingCensus.connected_shafts(building) == 0 and not near.is_empty()
		RESTORE_BEACONS:
			var near := storey.get_beacons().filter(
				func(beacon: BeaconObject) -> bool:
					return (
						not beacon.is_restored() and _cells_between(at, beacon.cell) <= near_cells
					)
			)
			var started := BuildingCensus.beacons(building).any(
				func(beacon: BeaconObject) -> bool: return beacon.get_restoration_progress() > 0.0
			)
			return not started and not near.is_empty()
		BUILD_TOWERS:
			var cheapest := INF
			for tier in loop.rules.tower_tiers:
				cheapest = minf(cheapest, tier.cost)
			var ready := BuildingCensus.wave(building) >= 1 or loop.materials >= cheapest
			return BuildingCensus.towers(building) == 0 and ready
	return false


func _on_ticked() -> void:
	if surface != null and surface.outside:
		_outside_seconds += get_physics_process_delta_time()
	if not current.is_empty() or building.get_storey_count() == 0 or loop.is_reclaimed():
		return
	if _wait > 0.0:
		_wait -= get_physics_process_delta_time()
		return
	if loop.elapsed < first_delay:
		return
	if window_seconds > 0.0 and loop.elapsed > window_seconds:
		return
	var id := due_hint()
	if not id.is_empty():
		show_hint(id)


func _on_health_changed(health: float, _max_health: float) -> void:
	_bitten = _bitten or health < _last_health
	_last_health = health


func _on_built() -> void:
	_bitten = false
	_outside_seconds = 0.0
	_last_health = genesis.health if genesis != null else INF
	_wait = 0.0


func _hide() -> void:
	var id := current
	current = &""
	_panel.visible = false
	_wait = gap_seconds
	hint_hidden.emit(id)


func _load_seen() -> void:
	_seen.clear()
	var config := ConfigFile.new()
	if config.load(settings_path) != OK:
		return
	for id in HINTS:
		if config.get_value(SECTION, id, false) == true:
			_seen[id] = true


# Marks `id` seen, in memory and in the settings file: the file is read, changed and
# written back, so that its other sections stay. A file that is there but unreadable is
# left alone (the hint is then remembered for this run only).
func _remember(id: StringName) -> void:
	_seen[id] = true
	var config := ConfigFile.new()
	var error := config.load(settings_path)
	if error != OK and error != ERR_FILE_NOT_FOUND:
		return
	config.set_value(SECTION, id, true)
	config.save(settings_path)


# Units salvaged on the surface so far.
func _salvaged() -> int:
	var taken := 0
	for node in surface.get_nodes():
		taken += node.amount - node.left
	return taken


static func _cells_between(a: Vector2i, b: Vector2i) -> int:
	return absi(a.x - b.x) + absi(a.y - b.y)
