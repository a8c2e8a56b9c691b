class_name SeedText
extends RefCounted
## A seed typed by a person, read the same everywhere (the main menu, the Outpost dock, the
## Seed Inspector): any whole number that fits in 64 bits, spaces around it allowed. Too
## large a number is said to be too large, never clamped (Godot's own conversion would
## clamp it silently and log "Cannot represent ..."); anything else that is no whole
## number is said to be none. [method parse] never logs.

## The largest seed, as digits.
const MAX_DIGITS := "9223372036854775807"
## The smallest seed's digits, without its minus sign.
const MIN_DIGITS := "9223372036854775808"


## [code]{"value": int, "problem": String, "kind": StringName}[/code] for [param text]:
## the seed, "" and &""; or 0, why the text is no seed ("The seed must be a whole number.",
## "The seed is too large: at most 9223372036854775807.", or too small) and which of
## [code]&"not_a_number"[/code], [code]&"too_large"[/code], [code]&"too_small"[/code] it is
## (for a game to say it in its own words).
static func parse(text: String) -> Dictionary:
	var digits := text.strip_edges()
	var negative := digits.begins_with("-")
	if negative or digits.begins_with("+"):
		digits = digits.substr(1)
	if digits.is_empty() or not digits.is_valid_int() or not digits[0].is_valid_int():
		return {"value": 0, "problem": "The seed must be a whole number.", "kind": &"not_a_number"}
	while digits.length() > 1 and digits.begins_with("0"):
		digits = digits.substr(1)
	var limit := MIN_DIGITS if negative else MAX_DIGITS
	if digits.length() > limit.length() or digits.length() == limit.length() and digits > limit:
		if negative:
			var small := "The seed is too small: at least -%s." % MIN_DIGITS
			return {"value": 0, "problem": small, "kind": &"too_small"}
		var large := "The seed is too large: at most %s." % MAX_DIGITS
		return {"value": 0, "problem": large, "kind": &"too_large"}
	if negative and digits == MIN_DIGITS:
		return {"value": -9223372036854775807 - 1, "problem": "", "kind": &""}
	var value := digits.to_int()
	return {"value": -value if negative else value, "problem": "", "kind": &""}


## Why [param text] is no seed, or "" if it is one.
static func problem(text: String) -> String:
	return parse(text)["problem"]
