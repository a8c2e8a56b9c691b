@tool
extends RefCounted
## An expressive-range heat map of a survey: how many layouts fall in each bin of two
## metrics ([method StoreySurvey.get_values]), as an [Image] for the Outpost dock. The x
## metric runs left to right, the y metric bottom to top; an empty bin is
## [constant EMPTY], the others run from [constant FEW] (one layout) to [constant MANY]
## (the fullest bin), on a square-root scale so that rare bins still show.

## The colour of a bin no layout falls in.
const EMPTY := Color(0.12, 0.13, 0.16)
## The colour of a bin of one layout.
const FEW := Color(0.16, 0.3, 0.62)
## The colour of the fullest bin.
const MANY := Color(1.0, 0.86, 0.25)
## Bins per axis at most (a metric of whole numbers gets one bin per value up to this).
const MAX_BINS := 16


## The bins of [param values]: [code]lo[/code] (the first bin's low end),
## [code]width[/code], [code]count[/code] (0 without values) and [code]whole[/code] (the
## values are whole numbers: each bin holds [code]width[/code] consecutive values).
static func bins_of(values: PackedFloat64Array, max_bins: int = MAX_BINS) -> Dictionary:
	if values.is_empty():
		return {"lo": 0.0, "width": 1.0, "count": 0, "whole": true}
	var lo := values[0]
	var hi := values[0]
	var whole := true
	for v in values:
		lo = minf(lo, v)
		hi = maxf(hi, v)
		whole = whole and v == floorf(v)
	if whole:
		var span := int(hi - lo) + 1
		var width := ceili(float(span) / max_bins)
		return {"lo": lo, "width": float(width), "count": ceili(float(span) / width), "whole": true}
	var count := max_bins if hi > lo else 1
	return {"lo": lo, "width": maxf((hi - lo) / count, 1e-9), "count": count, "whole": false}


## The bin of [param bins] ([method bins_of]) that [param value] falls in.
static func bin_index(bins: Dictionary, value: float) -> int:
	return clampi(int(floorf((value - bins["lo"]) / bins["width"])), 0, bins["count"] - 1)


## The range [param bins] covers, as an axis label ("0 to 5", "0.31 to 0.72").
static func axis_text(bins: Dictionary) -> String:
	if bins["count"] == 0:
		return "-"
	var hi: float = bins["lo"] + bins["width"] * bins["count"]
	if bins["whole"]:
		return "%d to %d" % [int(bins["lo"]), int(hi) - 1]
	return "%.2f to %.2f" % [bins["lo"], hi]


## The layouts in each bin: [code]counts[x + y * x_bins["count"]][/code] for the bins of
## [param xs] and [param ys] (the same layouts, in the same order).
static func counts(
	xs: PackedFloat64Array, ys: PackedFloat64Array, x_bins: Dictionary, y_bins: Dictionary
) -> PackedInt32Array:
	var out := PackedInt32Array()
	out.resize(int(x_bins["count"]) * int(y_bins["count"]))
	for i in mini(xs.size(), ys.size()):
		var x := bin_index(x_bins, xs[i])
		var y := bin_index(y_bins, ys[i])
		out[x + y * int(x_bins["count"])] += 1
	return out


## The picture of [param bin_counts] ([method counts]) for a grid of
## [param bins] bins: [param cell_px] pixels a bin, one pixel of [constant EMPTY]
## between bins, y upward. Null for no bins.
static func image(bin_counts: PackedInt32Array, bins: Vector2i, cell_px: int = 10) -> Image:
	if bins.x <= 0 or bins.y <= 0:
		return null
	var most := 1
	for n in bin_counts:
		most = maxi(most, n)
	var picture := Image.create_empty(bins.x * cell_px, bins.y * cell_px, false, Image.FORMAT_RGB8)
	picture.fill(EMPTY)
	for y in bins.y:
		for x in bins.x:
			var n := bin_counts[x + y * bins.x]
			if n == 0:
				continue
			var t := sqrt(float(n - 1) / maxf(most - 1, 1))
			var top := (bins.y - 1 - y) * cell_px
			picture.fill_rect(Rect2i(x * cell_px, top, cell_px - 1, cell_px - 1), FEW.lerp(MANY, t))
	return picture


## The heat map of metrics [param x_metric] and [param y_metric] of the layouts of
## [param storey_type] in [param survey]: [code]image[/code] (null without layouts),
## [code]x_axis[/code] and [code]y_axis[/code] ([method axis_text]), [code]most[/code]
## (layouts in the fullest bin), [code]layouts[/code].
static func of_survey(
	survey: StoreySurvey, x_metric: String, y_metric: String, storey_type: int, cell_px: int = 10
) -> Dictionary:
	var xs := survey.get_values(x_metric, storey_type)
	var ys := survey.get_values(y_metric, storey_type)
	var x_bins := bins_of(xs)
	var y_bins := bins_of(ys)
	var bin_counts := counts(xs, ys, x_bins, y_bins)
	var most := 0
	for n in bin_counts:
		most = maxi(most, n)
	return {
		"image": image(bin_counts, Vector2i(x_bins["count"], y_bins["count"]), cell_px),
		"x_axis": axis_text(x_bins),
		"y_axis": axis_text(y_bins),
		"most": most,
		"layouts": xs.size(),
	}
