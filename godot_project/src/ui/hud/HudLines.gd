class_name HudLines
extends RefCounted
## The HUD's longer lines, made from the game's parts ([OutpostHud] shows them): the
## build-mode line and what flows into the materials.

## The colour of a refusal (a build spot refused) and of the alarms.
const REFUSAL_COLOR := Color(1.0, 0.55, 0.5)
## The colour of what may be done, and of good news.
const GOOD_COLOR := Color(0.55, 1.0, 0.6)


## The build-mode line of [param builder]: the ghost's words and the keys ("" outside
## build mode).
static func build_line(builder: BuildMode, loop: OutpostLoop) -> String:
	if not builder.active:
		return ""
	var tier := loop.rules.tier(builder.tier)
	var tier_keys := PackedStringArray()
	for index in loop.rules.tower_tiers.size():
		tier_keys.append(ActionKeys.describe(BuildMode.tier_action(index)))
	var keys := [" / ".join(tier_keys)]
	for action: StringName in [&"click_move", &"remove_tower", &"build_mode"]:
		keys.append(ActionKeys.describe(action))
	if builder.on_factory_floor() and not loop.rules.machine_kinds.is_empty():
		return _factory_build_line(builder, loop, tier, keys)
	var tier_name := RulesWords.of(tier.display_name)
	return GameText.build_line(builder.hover_text, tier_name, tier.cost, keys)


## What flows into and out of the materials per second, as the loop adds it: the shafts'
## feed, the bleed and, once reclaimed, the trickle with the sum of what comes in.
static func flows(loop: OutpostLoop) -> String:
	var feed := loop.get_feed_rate()
	var bleed := loop.get_bleed_rate()
	if not loop.is_reclaimed():
		return GameText.flows(feed, bleed, 0.0)
	return HudText.flows_after_reclaim(feed + loop.trickle - bleed, feed, bleed, loop.trickle)


# The build-mode line on the factory floor: the tower tier or the machine picked, and the
# machines' keys after the tiers'.
static func _factory_build_line(
	builder: BuildMode, loop: OutpostLoop, tier: TowerTier, keys: Array
) -> String:
	var machine_keys := PackedStringArray()
	var tiers := loop.rules.tower_tiers.size()
	for index in loop.rules.machine_kinds.size():
		machine_keys.append(ActionKeys.describe(BuildMode.tier_action(tiers + index)))
	keys.insert(1, " / ".join(machine_keys))
	var kind := loop.rules.machine_kind(builder.machine)
	if kind == null:
		var tier_name := RulesWords.of(tier.display_name)
		return FactoryText.factory_build_line(builder.hover_text, tier_name, tier.cost, keys)
	var what := FactoryText.machine_choice(RulesWords.of(kind.display_name), kind.output)
	return FactoryText.factory_build_line(builder.hover_text, what, kind.cost, keys)
