"""``soe bench``: how fast the engine plays whole games (:mod:`.engine`) and how fast the
game window draws, starts and idles (:mod:`.window`, ``soe bench --ui``). The same
measures run as ``python -m tools.bench_engine`` and ``python -m tools.bench_ui``."""
