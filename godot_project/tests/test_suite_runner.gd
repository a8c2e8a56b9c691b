extends "res://tests/suite.gd"
## The runner's log check: what makes a test fail besides its own expectations.

const SuiteRunner := preload("res://tests/suite_runner.gd")

const JOLT_NOISE := (
	"WARNING: Jolt Physics job system exceeded the maximum number of jobs. This should not"
	+ " happen. Please report this. Waiting for jobs to become available..."
)


func test_an_undeclared_warning_fails_a_test() -> bool:
	var problems := SuiteRunner.check_log(["WARNING: something else went wrong"], [])
	expect(problems.size() == 1, "one problem for an undeclared warning: %s" % [problems])
	return ok()


func test_a_declared_pattern_that_nothing_matched_fails_a_test() -> bool:
	var problems := SuiteRunner.check_log([], ["^ERROR: never logged"])
	expect(problems.size() == 1, "one problem for a declared entry not logged: %s" % [problems])
	return ok()


func test_the_jolt_job_pool_warning_is_engine_noise_in_any_test() -> bool:
	var problems := SuiteRunner.check_log([JOLT_NOISE], [])
	expect(problems.is_empty(), "Jolt's waiting for a job is allowed: %s" % [problems])
	return ok()


func test_engine_noise_never_explains_a_script_error() -> bool:
	var problems := SuiteRunner.check_log(["SCRIPT ERROR: " + JOLT_NOISE], [])
	expect(problems.size() == 1, "a script error is never noise: %s" % [problems])
	return ok()
