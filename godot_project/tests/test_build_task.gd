extends "res://tests/suite.gd"
## StoreyGenerator.generate_building_async(): the building arrives on the main thread,
## equal to generate_building()'s; bad arguments are reported at once; a dropped task
## leaks nothing.


func expect_same_building(got: Array, want: Array[StoreyLayout], what: String) -> void:
	if not expect_eq(got.size(), want.size(), what + ": storeys"):
		return
	for i in want.size():
		expect((got[i] as StoreyLayout).is_equal_to(want[i]), "%s: storey %d" % [what, i])


func test_a_background_building_equals_the_synchronous_one() -> bool:
	var task := StoreyGenerator.generate_building_async(321, 4, 2, true)
	var want := StoreyGenerator.generate_building(321, 4, 2, true)
	var storeys: Array = await task.finished
	expect_same_building(storeys, want, "finished")
	expect_same_building(task.get_result(), want, "get_result")
	expect(task.is_done() and task.get_error() == "", "done without error")
	expect_eq(want.size(), 5, "4 storeys and the underground one")
	return ok()


func test_finished_comes_on_the_main_thread_once() -> bool:
	var main := OS.get_thread_caller_id()
	var calls: Array[int] = []
	var task := StoreyGenerator.generate_building_async(5, 3, 1)
	var on_finished := func(storeys: Array[StoreyLayout]) -> void:
		calls.append(OS.get_thread_caller_id())
		# The handler may read the task back.
		expect_eq(task.get_result().size(), storeys.size(), "get_result in the handler")
		expect(task.is_done(), "is_done in the handler")
	task.finished.connect(on_finished)
	for i in 200:
		if not calls.is_empty():
			break
		await process_frames(1)
	await process_frames(2)
	expect_eq(calls, [main] as Array[int], "one call, on the main thread")
	# The handler holds the task: break the cycle.
	task.finished.disconnect(on_finished)
	return ok()


func test_wait_blocks_until_the_building_is_there() -> bool:
	var task := StoreyGenerator.generate_building_async(77, 6, 4, true)
	expect_same_building(task.wait(), StoreyGenerator.generate_building(77, 6, 4, true), "wait")
	expect(task.is_done(), "done after wait()")
	return ok()


func test_bad_arguments_are_reported_at_once_and_finish_empty() -> bool:
	expect_error(r"generate_building_async: .*storeys.*\b0\b")
	expect_error(r"generate_building_async: outpost_level.*\b9\b")
	for args in [[1, 0, 2], [1, 3, 9]]:
		var task := StoreyGenerator.generate_building_async(args[0], args[1], args[2])
		var storeys: Array = await task.finished
		expect(storeys.is_empty(), "no storeys for %s" % [args])
		expect(task.get_error() != "", "get_error explains %s" % [args])
		expect(
			task.get_error().contains(str(args[1] if args[1] == 0 else args[2])), task.get_error()
		)
	return ok()


func test_dropped_tasks_leak_nothing() -> bool:
	await process_frames(2)
	await process_frames(2)
	var baseline := object_counts()
	for i in 8:
		StoreyGenerator.generate_building_async(i, 6, 4, true)
	# A holder freed before its task is done.
	var holder := Node.new()
	holder.set_meta("task", StoreyGenerator.generate_building_async(99, 6, 4, true))
	holder.free()
	OS.delay_msec(50)
	await process_frames(2)
	var after := object_counts()
	for key in ["nodes", "orphans", "resources"]:
		expect_eq(after[key], baseline[key], "%s after dropping 9 running tasks" % key)
	# Objects freed meanwhile by others (sound playbacks ending) may lower the count; a
	# leaked task or result would raise it.
	expect(
		after["objects"] <= baseline["objects"],
		(
			"objects after dropping 9 running tasks: %d, before %d"
			% [after["objects"], baseline["objects"]]
		)
	)
	return ok()
