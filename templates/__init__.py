"""Templates with likelihoods (TOML data), installed as `scrub.template_data`.

(`scrub.templates` is the template language itself.)
"""
