"""The network benchmark (``python -m tools.bench_net``), by concern: :mod:`~tools.netbench.probes`
(time, the raw transport, the machine), :mod:`~tools.netbench.peers` (the peer and spectator
processes and what they record), :mod:`~tools.netbench.runs` (running the games) and
:mod:`~tools.netbench.figures` (the figures and the report)."""
