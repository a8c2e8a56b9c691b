@tool
extends EditorResourcePreviewGenerator
## The thumbnail of a saved [StoreyLayout] in the FileSystem dock: its grid in the
## reference's colours ([method StoreyPicture.fitted]), the small icon too.


func _handles(type: String) -> bool:
	return type == "StoreyLayout"


func _generate(resource: Resource, size: Vector2i, _metadata: Dictionary) -> Texture2D:
	var picture := StoreyPicture.fitted(resource as StoreyLayout, size)
	return ImageTexture.create_from_image(picture) if picture != null else null


func _generate_small_preview_automatically() -> bool:
	return true
