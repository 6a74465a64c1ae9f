"""The map: model (board geometry), camera, cached tile layers, markers, view, hit-tests and
the interactive pane."""
