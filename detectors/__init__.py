"""Scrub's own detectors, one module per family; installed as `scrub.detectors`."""
