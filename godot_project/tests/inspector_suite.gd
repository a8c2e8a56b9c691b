extends "res://tests/suite.gd"
## Base of the Seed Inspector's suites (test_seed_inspector.gd and
## test_seed_inspector_parts.gd): an inspector under the root and its panel's nodes.

const INSPECTOR := preload("res://src/game/outpost_test.tscn")


## An inspector under the root, showing seed 1, depth 3, level 2, GROUND_FLOOR.
func _inspector() -> SeedInspector:
	var w: SeedInspector = INSPECTOR.instantiate()
	add(w)
	w.configure(1, 3, 2, StoreyLayout.StoreyType.GROUND_FLOOR)
	return w


## The inspector's panel.
func _panel(w: SeedInspector) -> SeedInspectorPanel:
	return w.get_node("%Panel")


## The panel's control or label of unique name `name` (SeedEdit, Refusal, Stats...).
func _ui(w: SeedInspector, name: String) -> Node:
	return _panel(w).get_node("%" + name)


## What the user typing `text` into `edit` does.
func _type_into(edit: LineEdit, text: String) -> void:
	edit.text = text
	edit.text_changed.emit(text)
