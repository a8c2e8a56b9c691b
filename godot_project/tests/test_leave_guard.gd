extends "res://tests/suite.gd"
## Leaving a game asks before it drops play not saved (LeaveGuard): Main menu from the
## pause menu and the window's close request go at once after a save or a load, and
## otherwise wait for the player's Leave; Stay keeps the game.


func test_main_menu_with_play_not_saved_asks_and_stay_keeps_the_game() -> bool:
	var game := outpost_game(true)
	var asked := record(game.menu_requested)
	game.loop.elapsed += 30.0
	game.open_pause_menu()
	(game.pause_menu.get_node(^"%MenuButton") as Button).pressed.emit()
	expect(game.leave_guard.is_asking(), "a question")
	expect_eq(asked.size(), 0, "still in the game")
	var question := game.leave_guard.get_node(^"LeaveDialog") as ConfirmationDialog
	expect(question.dialog_text.contains("0:30"), "how much is lost: " + question.dialog_text)
	game.leave_guard.answer(false)
	expect(not game.leave_guard.is_asking(), "answered")
	expect_eq(asked.size(), 0, "Stay: still in the game")
	(game.pause_menu.get_node(^"%MenuButton") as Button).pressed.emit()
	game.leave_guard.answer(true)
	expect_eq(asked.size(), 1, "Leave: to the menu")
	end_game(game)
	return ok()


func test_main_menu_right_after_a_save_goes_at_once() -> bool:
	var game := outpost_game(true)
	var asked := record(game.menu_requested)
	game.loop.elapsed += 30.0
	var path := "user://test_leave_guard.json"
	expect_eq(game.save_game(path), OK, "saved")
	game.open_pause_menu()
	(game.pause_menu.get_node(^"%MenuButton") as Button).pressed.emit()
	expect(not game.leave_guard.is_asking(), "no question")
	expect_eq(asked.size(), 1, "to the menu at once")
	DirAccess.remove_absolute(path)
	DirAccess.remove_absolute(path + SaveGame.BACKUP_SUFFIX)
	end_game(game)
	return ok()


func test_a_close_request_with_play_not_saved_is_held_to_ask() -> bool:
	var game := outpost_game(true)
	expect(not game.leave_guard.intercept_quit(), "nothing played: the close goes ahead")
	game.loop.elapsed += 5.0
	expect(game.leave_guard.intercept_quit(), "play not saved: held")
	expect(game.leave_guard.is_asking(), "a question")
	game.leave_guard.answer(false)
	expect(
		game.leave_guard.is_in_group(LeaveGuard.GROUP), "the close request finds it in its group"
	)
	end_game(game)
	return ok()
