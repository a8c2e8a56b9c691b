class_name OutpostHud
extends CanvasLayer
## The game's heads-up display (its words are [GameText]'s).
## [br]- top left: the viewed floor and Genesis's floor (by name: "Underground",
##   "Floor 1", ...), the mode, Genesis's health, this floor's beacons and the staircase;
## [br]- top right: materials with what flows in and out (shaft feed, bleed, trickle), the
##   yield, the factory's machines and what they produce (on the factory floor, or once
##   one stands), the beacons restored in the whole building, the wave and the agents
##   alive;
## [br]- the middle, in a column clear of the hints at the right and wrapped: the alarms
##   (red: a beacon attacked on another floor), the good news (green: the last beacon
##   restored, the reclaim ready), what a key did or why it could not, and, low down,
##   the prompt for what a key does here and the build-mode line;
## [br]- bottom left: the controls, read from the [InputMap] (a rebinding shows after
##   [method refresh_controls]), the tower tiers' keys among them ([method set_tiers]).
## [br]Its parent hands it the game's parts once ([method watch]); from then on it reacts
## to their signals: the building's floors and mode, Genesis's health and staircase, the
## census's counts ([BuildingCensus]), the loop's tick (materials, yield, prompts) and its
## events, build mode's ghost. The [code]show_*[/code] methods remain for callers that
## drive it by hand. Every container ignores the mouse, so clicks reach the game.

## The actions listed under the controls, in order, with their captions
## ([method GameText.control_caption]; the tower tiers' keys follow [code]build_mode[/code],
## one per tier of the rules).
# (Named as the constant it was.)
# gdlint:ignore = class-variable-name
static var CONTROLS: Dictionary[StringName, String] = GameText.control_captions()

## The end screen whose win banner the alert lines keep clear of (set in the scene).
@export var end_screen: EndScreen

var _alert_left := 0.0
var _transient := ""
var _alerts: GameAlerts
var _tiers: Array[TowerTier] = []
var _surface: OutpostSurface
var _census := BuildingCensus.new()
var _building: OutpostBuilding
var _loop: OutpostLoop
var _genesis: OutpostGenesis
var _builder: BuildMode

@onready var _floor_label: Label = %FloorLabel
@onready var _genesis_floor_label: Label = %GenesisFloorLabel
@onready var _mode_label: Label = %ModeLabel
@onready var _health_label: Label = %HealthLabel
@onready var _health_bar: ProgressBar = %HealthBar
@onready var _beacons_label: Label = %BeaconsLabel
@onready var _staircase_label: Label = %StaircaseLabel
@onready var _materials_label: Label = %MaterialsLabel
@onready var _rates_label: Label = %RatesLabel
@onready var _yield_label: Label = %YieldLabel
@onready var _factory_label: Label = %FactoryLabel
@onready var _building_label: Label = %BuildingLabel
@onready var _wave_label: Label = %WaveLabel
@onready var _alert_label: Label = %AlertLabel
@onready var _news_label: Label = %NewsLabel
@onready var _notice_label: Label = %NoticeLabel
@onready var _alert_gap: Control = %AlertGap
@onready var _prompt_label: Label = %PromptLabel
@onready var _build_label: Label = %BuildLabel
@onready var _controls_label: Label = %ControlsLabel


func _ready() -> void:
	refresh_controls()
	_alert_label.visible = false
	_news_label.visible = false


func _process(delta: float) -> void:
	var gap := end_screen.get_banner_height() + 12.0 if end_screen != null else 0.0
	if end_screen == null or not end_screen.is_win_shown():
		gap = 0.0
	if _alert_gap.custom_minimum_size.y != gap:
		_alert_gap.custom_minimum_size.y = gap
	if _alert_left > 0.0:
		_alert_left -= delta
		if _alert_left <= 0.0:
			_show_alerts()


## Shows [param building], [param loop], [param genesis] and [param builder] from now on:
## connects to their signals and shows their state at once; with [param surface], also
## Genesis out there, saying when it goes out and in. Call it once, after they are ready.
func watch(
	building: OutpostBuilding,
	loop: OutpostLoop,
	genesis: OutpostGenesis,
	builder: BuildMode,
	alerts: GameAlerts = null,
	surface: OutpostSurface = null
) -> void:
	_building = building
	_surface = surface
	if surface != null:
		surface.went_outside.connect(_on_surface_crossed.bind(true))
		surface.went_inside.connect(_on_surface_crossed.bind(false))
	building.active_floor_changed.connect(_show_floors.unbind(1))
	building.genesis_floor_changed.connect(_show_floors.unbind(1))
	building.travel_mode_changed.connect(show_mode)
	building.built.connect(_refresh.call_deferred.unbind(1))
	_census.changed.connect(_show_counts)
	_census.watch(building)
	_genesis = genesis
	genesis.health_changed.connect(show_health)
	genesis.reached_staircase.connect(show_staircase.bind(true))
	genesis.left_staircase.connect(show_staircase.bind(false))
	_loop = loop
	loop.ticked.connect(_show_economy)
	loop.reclaimed.connect(_show_counts.unbind(1))
	_alerts = alerts
	if alerts != null:
		alerts.alerted.connect(_show_alerts.unbind(1))
	_builder = builder
	builder.toggled.connect(_show_build_line.unbind(1))
	builder.tier_changed.connect(_show_build_line.unbind(1))
	builder.machine_changed.connect(_show_build_line.unbind(1))
	builder.hover_changed.connect(_show_build_line.unbind(1))
	_tiers = loop.rules.tower_tiers
	refresh_controls()
	show_mode(building.travel_mode)
	show_health(genesis.health, genesis.stats.max_health)
	show_staircase(genesis.is_on_staircase())
	_refresh()


## Shows the viewed floor and Genesis's floor by name.
func show_floors(viewed: String, genesis_floor: String, storey_count: int) -> void:
	_floor_label.text = GameText.viewing(viewed, storey_count)
	_genesis_floor_label.text = GameText.genesis_on(genesis_floor)


## Shows preview mode ([param travel] false) or travel mode.
func show_mode(travel: bool) -> void:
	var keys := "%s, %s" % [ActionKeys.describe(&"ascend"), ActionKeys.describe(&"descend")]
	_mode_label.text = GameText.mode(travel, keys)


## Shows Genesis's health.
func show_health(health: float, max_health: float) -> void:
	_health_label.text = GameText.health(health, max_health)
	_health_bar.max_value = max_health
	_health_bar.value = health


## Shows how many of the viewed storey's beacons are restored.
func show_beacons(restored: int, count: int) -> void:
	_beacons_label.text = GameText.floor_beacons(restored, count)


## Shows whether Genesis stands on the staircase.
func show_staircase(on_staircase: bool) -> void:
	_staircase_label.text = GameText.on_staircase() if on_staircase else ""
	_staircase_label.visible = on_staircase


## Shows the materials and their flows, per second.
func show_materials(materials: float, feed: float, bleed: float, trickle: float) -> void:
	_materials_label.text = GameText.materials(materials)
	_rates_label.text = GameText.flows(feed, bleed, trickle)
	_rates_label.modulate = Color(1.0, 0.55, 0.5) if bleed > 0.0 else Color.WHITE


## Shows the building's yield and the trickle a reclaim would fix.
func show_yield(yield_rate: float, trickle_if_reclaimed: float, reclaimed: bool) -> void:
	_yield_label.text = GameText.yield_line(yield_rate, trickle_if_reclaimed, reclaimed)


## Shows the factory's [param machines] and their [param output] (materials per second),
## or hides the line ([param shown] false).
func show_factory(machines: int, output: float, reclaimed: bool, shown: bool) -> void:
	_factory_label.text = FactoryText.factory_line(machines, output, reclaimed)
	_factory_label.visible = shown


## Shows the beacons restored in the whole building.
func show_building(restored: int, count: int) -> void:
	_building_label.text = GameText.building_beacons(restored, count)


## Shows the wave (1-based; 0 before the first) and the agents alive.
func show_wave(wave: int, agents: int, agents_here: int) -> void:
	_wave_label.text = GameText.wave(wave, agents, agents_here)


## Shows [param text] (what a key did, or why it could not) on the notice line under the
## game's alerts ([GameAlerts], red, shown as long as they last), for [param seconds].
func alert(text: String, seconds: float = 3.0) -> void:
	_transient = text
	_alert_left = seconds
	_show_alerts()


## What the alert and notice lines show, one line each, else "".
func get_alert() -> String:
	var lines := PackedStringArray()
	for label in [_alert_label, _news_label, _notice_label]:
		if label.visible:
			lines.append(label.text)
	return "\n".join(lines)


## Shows [param text] as the prompt ("" hides it).
func show_prompt(text: String) -> void:
	_prompt_label.text = text
	_prompt_label.visible = not text.is_empty()


## Shows the build-mode line ("" hides it), in the refusal colour while the spot under
## the mouse is refused ([member BuildMode.hover_refused]).
func show_build(text: String) -> void:
	_build_label.text = text
	_build_label.visible = not text.is_empty()


## Rebuilds the controls list from the current [InputMap] bindings.
func refresh_controls() -> void:
	_controls_label.text = controls_text()


## The controls list: "caption: bindings" for each action of [member CONTROLS], in one
## line that wraps across the bottom of the screen.
func controls_text() -> String:
	var items := PackedStringArray()
	for action: StringName in CONTROLS:
		items.append(GameText.control(CONTROLS[action], ActionKeys.describe(action)))
		if action == &"build_mode":
			for index in _tiers.size():
				var keys := ActionKeys.describe(BuildMode.tier_action(index))
				items.append(GameText.control(RulesWords.of(_tiers[index].display_name), keys))
	return "   ".join(items)


## Pixels the HUD's panels cover at the top and at the bottom of the screen (x: top,
## y: bottom), for the camera to frame the storey between them.
func covered_margins() -> Vector2:
	var status: Control = %Status
	var economy: Control = %Economy
	var controls: Control = %Controls
	var top := maxf(status.get_global_rect().end.y, economy.get_global_rect().end.y)
	var screen := get_viewport().get_visible_rect().size.y
	var bottom := screen - controls.get_global_rect().position.y
	return Vector2(top + 8.0, bottom + 8.0)


## The prompt for what the keys do where Genesis is: the loop's interaction prompt, else
## the way to the console once every beacon is restored, else how to climb the staircase;
## "" in build mode (its own line speaks).
func _prompt_text() -> String:
	if _builder.active:
		return ""
	if _surface != null and _surface.outside:
		return _surface.prompt(ActionKeys.describe(&"interact"))
	var prompt := _loop.interaction_prompt(ActionKeys.describe(&"interact"))
	if prompt.is_empty() and _loop.can_reclaim():
		prompt = GameText.go_to_console(_building.floor_name(_building.get_console_floor()))
	elif prompt.is_empty() and _genesis.is_on_staircase() and not _building.travel_mode:
		prompt = GameText.climb_in_travel_mode(ActionKeys.describe(&"toggle_travel_mode"))
	return prompt


## What the end screen says: for a win ([param won]), the time of the reclaim and how the
## trickle adds up; for a defeat, when it came and how far the player got.
func end_summary(won: bool) -> String:
	if not won:
		return GameText.defeat_summary(
			_loop.elapsed,
			BuildingCensus.restored(_building),
			BuildingCensus.beacons(_building).size()
		)
	return (
		GameText
		. win_summary(
			_loop.reclaim_time,
			[
				_loop.trickle,
				_loop.get_yield(),
				BuildingCensus.connected_shafts(_building),
				_loop.rules.shaft_bonus,
				BuildingCensus.towers(_building),
				_loop.rules.tower_upkeep,
			]
		)
	)


## Says why the floor could not change by [param step] (1 up, -1 down).
func floor_change_refused(step: int) -> void:
	var target := (
		(_building.genesis_floor if _building.travel_mode else _building.viewed_floor) + step
	)
	var at_the_end := target < 0 or target >= _building.get_storey_count()
	if at_the_end or _building.travel_mode:
		alert(GameText.floor_refused(step > 0, at_the_end))


## The words for the outcome [param error] of saving ([param saving] true) or loading
## [param path] ([method SaveSlots.save_result]).
static func save_result(saving: bool, error: Error, path: String) -> String:
	return SaveSlots.save_result(saving, error, path)


func _refresh() -> void:
	if _building.get_storey_count() == 0:
		return
	_show_floors()
	_show_economy()
	_show_build_line()


func _on_surface_crossed(outside: bool) -> void:
	_show_floors()
	alert(SurfaceText.came_out() if outside else SurfaceText.went_in())


func _show_floors() -> void:
	var out := _surface != null and _surface.outside
	var viewed := SurfaceText.surface() if out else _building.floor_name(_building.viewed_floor)
	var genesis := SurfaceText.surface() if out else _building.floor_name(_building.genesis_floor)
	show_floors(viewed, genesis, _building.get_storey_count())
	_show_counts()


func _show_counts() -> void:
	if _building.get_storey_count() == 0:
		return
	var viewed := _building.viewed_floor
	var out := _surface != null and _surface.outside  # no floor out there
	_beacons_label.visible = not out
	show_beacons(
		BuildingCensus.restored(_building, viewed), BuildingCensus.beacons(_building, viewed).size()
	)
	show_building(BuildingCensus.restored(_building), BuildingCensus.beacons(_building).size())
	show_wave(
		BuildingCensus.wave(_building),
		BuildingCensus.agents(_building),
		-1 if out else BuildingCensus.agents(_building, viewed)
	)
	if _loop.is_reclaimed():
		_wave_label.text = GameText.no_more_waves(BuildingCensus.agents(_building))


func _show_economy() -> void:
	if _alert_label.visible or _news_label.visible:
		_show_alerts()
	show_materials(_loop.materials, _loop.get_feed_rate(), _loop.get_bleed_rate(), _loop.trickle)
	_rates_label.text = HudLines.flows(_loop)
	show_yield(_loop.get_yield(), _loop.trickle_now(), _loop.is_reclaimed())
	var factory := _loop.factory
	var machines := factory.count()
	var on_factory := _building.viewed_floor == factory.factory_floor()
	show_factory(machines, factory.output(), _loop.is_reclaimed(), machines > 0 or on_factory)
	show_prompt(_prompt_text())


func _show_build_line() -> void:
	show_build(HudLines.build_line(_builder, _loop))
	var refused := _builder.active and _builder.hover_refused
	var colour := HudLines.REFUSAL_COLOR if refused else HudLines.GOOD_COLOR
	_build_label.add_theme_color_override(&"font_color", colour)


func _show_alerts() -> void:
	var lines := _alerts.get_alerts() if _alerts != null else PackedStringArray()
	var alarms := PackedStringArray()
	var news := PackedStringArray()
	for line in lines:
		if _alerts.is_good_news(line):
			news.append(line)
		else:
			alarms.append(line)
	for pair: Array in [[_alert_label, alarms], [_news_label, news]]:
		var label: Label = pair[0]
		var text := "\n".join(pair[1])
		if label.text != text:
			label.text = text
		label.visible = not text.is_empty()
	var notice := _transient if _alert_left > 0.0 else ""
	if _notice_label.text != notice:
		_notice_label.text = notice
	_notice_label.visible = not notice.is_empty()
