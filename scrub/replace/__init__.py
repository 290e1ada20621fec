"""Replacement strategies (Chapter 9.3.1 of the Scrub chapter): findings in, a readable document
with consistent, keyed pseudo-values out, plus the offset map from original to output.

    from scrub.replace import Replacer, load_key, FRESH_KEY_NOTICE
    key, fresh = load_key(args.key_file)          # --key-file, else $SCRUB_KEY, else random
    if fresh:
        print(FRESH_KEY_NOTICE, file=sys.stderr)  # never print the key
    rep = Replacer.from_config(config, key).replace(doc, findings)
    rep.text, rep.spans, rep.mapping

Every strategy, option and default is documented in `scrub.replace.defaults` (the `[replace]`
and `[replace.<entity>]` sections of the TOML configuration).

Errors (E700–E749): E700 key file not found, E701 key file unreadable, E702 key shorter than 8
bytes, E703 empty key, E704/E705 a word list is empty or missing, E706 a finding outside the
text, E707 overlapping findings, E708 a part outside its finding, E709 overlapping parts, E710
unknown [replace] key, E711 unknown [replace.<entity>] key, E712 unknown strategy, E713
scrub.lexicon missing, E714 shift_days below 1, E716 the mapping file cannot be written.
"""
from .defaults import ENTITY as DEFAULTS, GLOBAL as GLOBAL_DEFAULTS
from .keys import FRESH_KEY_NOTICE, Keyed, WeightedTable, load_key, normalize
from .replacer import MAPPING_WARNING, Replacement, Replacer, write_mapping

__all__ = ["Replacer", "Replacement", "load_key", "write_mapping", "normalize", "Keyed",
           "WeightedTable", "FRESH_KEY_NOTICE", "MAPPING_WARNING", "DEFAULTS", "GLOBAL_DEFAULTS"]
