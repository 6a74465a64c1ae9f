"""The map: model (board geometry), camera, cached tile layers, markers, view and hit-tests."""
