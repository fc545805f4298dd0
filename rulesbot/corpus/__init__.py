"""Corpus stage: source texts plus reviewed data in, typed Records out.

`build` (parsers + references + editorial) runs offline and writes corpus/records.jsonl;
`store` loads that file strictly for every other stage.
"""
