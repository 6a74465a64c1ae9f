"""Military Expeditions: mustering, routes, passage, interception, shipwreck, assault."""
