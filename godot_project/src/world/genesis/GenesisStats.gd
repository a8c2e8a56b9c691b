class_name GenesisStats
extends Resource
## Tunables of [OutpostGenesis]. Genesis only reads them: tests and designers that change
## one for a single Genesis [method Resource.duplicate] the resource first.

## Top speed in metres per second, for WASD and click-to-move alike.
@export_range(0.5, 50.0, 0.1, "suffix:m/s") var speed := 4.0
## Health when spawned.
@export_range(1.0, 1000.0, 1.0) var max_health := 100.0
## Height of the body's centre above the storey floor, in metres.
@export_range(0.3, 1.5, 0.01, "suffix:m") var hover_height := 0.8
## Amplitude of the visual hover bob, in metres (the body itself stays at
## [member hover_height]).
@export_range(0.0, 0.3, 0.01, "suffix:m") var bob_amplitude := 0.08
## Bob cycles per second.
@export_range(0.0, 5.0, 0.05, "suffix:Hz") var bob_frequency := 0.8
