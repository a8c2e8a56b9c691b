extends "res://tests/suite.gd"
## SeedText: a seed typed by a person is read the same everywhere, never clamped, never
## logged.


func test_whole_numbers_of_64_bits_are_seeds() -> bool:
	for case: Array in [
		["42", 42],
		["  -7 ", -7],
		["+12", 12],
		["0009", 9],
		["9223372036854775807", 9223372036854775807],
		["-9223372036854775808", -9223372036854775807 - 1],
	]:
		var read := SeedText.parse(case[0])
		expect_eq(read, {"value": case[1], "problem": "", "kind": &""}, "'%s'" % case[0])
	return ok()


func test_too_large_and_not_a_number_are_said_and_not_clamped() -> bool:
	var cases := {
		"99999999999999999999999": "too large",
		"9223372036854775808": "too large",
		"-9223372036854775809": "too small",
		"12abc": "whole number",
		"": "whole number",
		"-": "whole number",
		"1.5": "whole number",
		"1e5": "whole number",
	}
	for text: String in cases:
		var read := SeedText.parse(text)
		expect(read["problem"].contains(cases[text]), "'%s': %s" % [text, read["problem"]])
		expect_eq(read["value"], 0, "'%s' gives no seed" % text)
	return ok()


func test_a_written_seed_is_digits_with_an_optional_minus_read_exactly() -> bool:
	for case: Array in [
		["42", 42],
		["-7", -7],
		["0", 0],
		["-0", 0],
		["0009", 9],
		["9223372036854775807", 9223372036854775807],
		["-9223372036854775808", -9223372036854775807 - 1],
	]:
		var read := SeedText.parse_exact(case[0])
		expect_eq(read, {"value": case[1], "problem": "", "kind": &""}, "'%s'" % case[0])
	var refused := {
		"123456789012345678901234567890": &"too_large",
		"9223372036854775808": &"too_large",
		"-9223372036854775809": &"too_small",
		"+5": &"not_a_number",
		"1e3": &"not_a_number",
		" 5": &"not_a_number",
		"5 ": &"not_a_number",
		"": &"not_a_number",
		"-": &"not_a_number",
		"--5": &"not_a_number",
		"5.0": &"not_a_number",
		"0x10": &"not_a_number",
		"１２": &"not_a_number",
	}
	for text: String in refused:
		var read := SeedText.parse_exact(text)
		expect_eq(read["kind"], refused[text], "'%s': %s" % [text, read["problem"]])
		expect_eq(read["value"], 0, "'%s' gives no seed" % text)
	return ok()
