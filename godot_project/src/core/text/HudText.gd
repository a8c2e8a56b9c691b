class_name HudText
extends RefCounted
## More of the HUD's and the game's words (beside [GameText]): what flows in after the
## reclaim, how near a heap must be, and the questions before progress is dropped. Like
## [GameText], each through [method Object.tr].

# The translator: tr() needs an Object, and these are static functions.
static var _t := RefCounted.new()


## The flows after the reclaim: [param total] per second in all, the shafts' feed, the
## bleed (when above 0) and the trickle, all added to the materials.
static func flows_after_reclaim(total: float, feed: float, bleed: float, trickle: float) -> String:
	var parts := PackedStringArray([_t.tr("shafts +%.1f/s") % feed])
	if bleed > 0.0:
		parts.append(_t.tr("bleed -%.2f/s") % bleed)
	parts.append(_t.tr("trickle +%.1f/s") % trickle)
	return _t.tr("%+.1f/s in all: %s") % [total, ", ".join(parts)]


## The title of the question before leaving a game with play not saved.
static func leave_title() -> String:
	return _t.tr("Leave without saving?")


## The question before leaving: [param seconds] of play since the last save would be lost.
static func leave_question(seconds: float) -> String:
	return _t.tr("%s of play since the last save will be lost.") % GameText.clock(seconds)


## The button that leaves anyway.
static func leave_button() -> String:
	return _t.tr("Leave")


## The button that stays in the game.
static func stay_button() -> String:
	return _t.tr("Stay")
