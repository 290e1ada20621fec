"""Templates with likelihoods (TOML data), installed as `scrub.templates`."""
