extends "res://tests/suite.gd"
## The extension's classes from Godot's threads: WorkerThreadPool group tasks and Thread
## objects generate layouts and query shared ones concurrently, with the same results as
## the main thread, no log entry and no leak.

const WORKER_TASKS := 16
const THREADS := 4
const LAYOUTS := 1000


## `count` requests of every storey type, depth and level: [seed, depth, level, type].
func requests(count: int) -> Array[Array]:
	var out: Array[Array] = []
	var i := 0
	while out.size() < count:
		var storey_type := i % 3
		var depth := 1 + (i / 3) % 6
		var level := 1 + (i / 18) % 4
		out.append([hash([i, "threads"]), depth, level, storey_type])
		i += 1
	return out


func generate(request: Array) -> StoreyLayout:
	return StoreyGenerator.generate(
		request[0], request[1], request[2], Vector2i(-1, -1), request[3]
	)


## Runs `work(worker_index)` on WORKER_TASKS WorkerThreadPool group tasks and THREADS
## Thread objects at once (workers 0..WORKER_TASKS + THREADS - 1), then waits for all.
func run_concurrently(work: Callable) -> void:
	var groups: Array[int] = []
	for g in WORKER_TASKS:
		groups.append(WorkerThreadPool.add_group_task(func(_element: int) -> void: work.call(g), 1))
	var threads: Array[Thread] = []
	for t in THREADS:
		var thread := Thread.new()
		thread.start(work.bind(WORKER_TASKS + t))
		threads.append(thread)
	for group in groups:
		WorkerThreadPool.wait_for_group_task_completion(group)
	for thread in threads:
		thread.wait_to_finish()


func test_layouts_made_on_worker_threads_equal_the_main_threads() -> bool:
	var todo := requests(LAYOUTS)
	var made: Array = []
	made.resize(todo.size())
	var workers := WORKER_TASKS + THREADS
	run_concurrently(
		func(worker: int) -> void:
			for i in range(worker, todo.size(), workers):
				made[i] = generate(todo[i])
	)
	var different := 0
	for i in todo.size():
		var mine := generate(todo[i])
		if made[i] == null or not (made[i] as StoreyLayout).is_equal_to(mine):
			different += 1
			if different <= 5:
				expect(false, "request %s differs from the main thread's" % [todo[i]])
	expect_eq(different, 0, "layouts that differ")
	return ok()


func test_buildings_made_on_worker_threads_equal_the_main_threads() -> bool:
	var count := WORKER_TASKS + THREADS
	var made: Array = []
	made.resize(count)
	run_concurrently(
		func(worker: int) -> void:
			made[worker] = StoreyGenerator.generate_building(worker * 977, 3, 1 + worker % 4, true)
	)
	for worker in count:
		var mine := StoreyGenerator.generate_building(worker * 977, 3, 1 + worker % 4, true)
		var theirs: Array = made[worker]
		expect_eq(theirs.size(), mine.size(), "storeys of building %d" % worker)
		for s in mini(theirs.size(), mine.size()):
			expect(
				(theirs[s] as StoreyLayout).is_equal_to(mine[s]),
				"building %d storey %d" % [worker, s]
			)
	return ok()


## What the main thread gets from the queries on `l`, as one comparable array.
func answers(l: StoreyLayout) -> Array:
	var paths: Array = []
	for entry in l.entry_cells:
		paths.append(StoreyValidator.find_path(l, entry, l.primary_beacon))
	return [
		paths,
		StoreyValidator.count_open_zones(l),
		StoreyValidator.validate(l).ok,
		l.to_ascii_with_paths(),
		l.get_cells_of_type(StoreyLayout.CellType.PATH),
		l.get_cover_rects(StoreyLayout.CellType.WALL),
		l.get_cell_transforms(StoreyLayout.CellType.WALL, Vector3.UP),
		l.is_walkable(l.primary_beacon),
		l.cells.size(),
		l.rooms.size(),
		l.enemy_paths.size(),
	]


func test_shared_layouts_answer_queries_from_many_threads_alike() -> bool:
	# Fresh layouts: their cells, paths and rooms are converted on first read, which the
	# threads race to do.
	var shared: Array[StoreyLayout] = []
	var fresh: Array[StoreyLayout] = []
	for request in requests(24):
		shared.append(generate(request))
		fresh.append(generate(request))
	var got: Array = []
	got.resize(WORKER_TASKS + THREADS)
	run_concurrently(
		func(worker: int) -> void:
			var mine: Array = []
			for round_index in 3:
				for l in shared:
					mine.append(answers(l))
			got[worker] = mine
	)
	var want: Array = []
	for round_index in 3:
		for l in fresh:
			want.append(answers(l))
	for worker in got.size():
		var theirs: Array = got[worker]
		expect_eq(theirs.size(), want.size(), "answers from worker %d" % worker)
		for i in mini(theirs.size(), want.size()):
			if theirs[i] != want[i]:
				expect(false, "worker %d, query set %d differs" % [worker, i])
	return ok()


## What a navigator of `l` answers: fields, steps and legality before and after a tower.
func navigation_answers(nav: StoreyNavigator, l: StoreyLayout) -> Array:
	var field := nav.distance_field(l.beacon_cells)
	var steps: Array[Vector2i] = []
	for entry in l.entry_cells:
		steps.append(nav.next_step(field, entry))
	return [field, steps, nav.placement_mask(), nav.get_towers()]


func test_navigators_answer_from_many_threads_alike() -> bool:
	var layouts: Array[StoreyLayout] = []
	for request in requests(12):
		layouts.append(generate(request))
	# Navigators made on workers, and one shared navigator per layout queried by all.
	var shared: Array[StoreyNavigator] = []
	for l in layouts:
		shared.append(StoreyNavigator.create(l))
	var got: Array = []
	got.resize(WORKER_TASKS + THREADS)
	run_concurrently(
		func(worker: int) -> void:
			var mine: Array = []
			for i in layouts.size():
				var own := StoreyNavigator.create(layouts[i])
				own.place_tower(_first_legal(own))
				mine.append(
					[navigation_answers(shared[i], layouts[i]), navigation_answers(own, layouts[i])]
				)
			got[worker] = mine
	)
	for i in layouts.size():
		var own := StoreyNavigator.create(layouts[i])
		var plain := navigation_answers(own, layouts[i])
		own.place_tower(_first_legal(own))
		var want := [plain, navigation_answers(own, layouts[i])]
		for worker in got.size():
			if got[worker][i] != want:
				expect(false, "worker %d, layout %d: navigation differs" % [worker, i])
	return ok()


func _first_legal(nav: StoreyNavigator) -> Vector2i:
	var i := nav.placement_mask().find(1)
	return Vector2i(i / nav.get_height(), i % nav.get_height())


func test_no_objects_leak_from_worker_threads() -> bool:
	await process_frames(2)
	await process_frames(2)
	var baseline := object_counts()
	var todo := requests(200)
	run_concurrently(
		func(worker: int) -> void:
			for i in range(worker, todo.size(), WORKER_TASKS + THREADS):
				var l := generate(todo[i])
				StoreyValidator.validate(l)
				l.get_cells_of_type(StoreyLayout.CellType.WALL)
	)
	await process_frames(2)
	expect_eq(object_counts(), baseline, "object counts after 200 layouts on worker threads")
	return ok()
