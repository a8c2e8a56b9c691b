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
	return _value_of(digits, negative)


## [method parse] for a seed a program wrote (a save file's): only digits with an optional
## [code]-[/code] before them, nothing else (no sign [code]+[/code], no space, no exponent),
## that fit in a signed 64-bit integer; read exactly, never clamped. The same
## [code]{"value", "problem", "kind"}[/code].
static func parse_exact(text: String) -> Dictionary:
	var negative := text.begins_with("-")
	var digits := text.substr(1) if negative else text
	if digits.is_empty() or not _all_digits(digits):
		return {"value": 0, "problem": "The seed must be a whole number.", "kind": &"not_a_number"}
	return _value_of(digits, negative)


# The seed of `digits` (ASCII digits only), negated if `negative`, or why it does not fit.
static func _value_of(text: String, negative: bool) -> Dictionary:
	var digits := text
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


# Whether every character of `text` is an ASCII digit.
static func _all_digits(text: String) -> bool:
	for i in text.length():
		var code := text.unicode_at(i)
		if code < 48 or code > 57:
			return false
	return true


## Why [param text] is no seed, or "" if it is one.
static func problem(text: String) -> String:
	return parse(text)["problem"]
