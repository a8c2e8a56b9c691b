extends RefCounted
## What the benchmark scripts share: the median of a list of timings and an integer
## setting read from the environment.


## The median of [param values] (NAN for none).
static func median(values: Array) -> float:
	var sorted := values.duplicate()
	sorted.sort()
	return sorted[sorted.size() / 2] if not sorted.is_empty() else NAN


## The integer in environment variable [param name], or [param fallback].
static func env_int(name: String, fallback: int) -> int:
	var v := OS.get_environment(name)
	return int(v) if v.is_valid_int() else fallback
