"""The network benchmark's figures: latencies from the peers' records, where their loops
spent their time, the summary of the games played with one think time, and the report
printed for people."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tools.netbench.probes import summary_ms

if TYPE_CHECKING:
    from tools.netbench.runs import GameRun


def combine(timings: list[dict[str, Any]]) -> dict[str, Any]:
    """Choice and chance latencies from the peers' records."""
    n = len(timings)
    choice: list[int] = []
    first_hop: list[int] = []
    for t in timings:
        for mid, t_sub in t["submitted"].items():
            times = [p["accepted"][mid][0] for p in timings if mid in p["accepted"]]
            if len(times) != n:
                continue  # not applied everywhere (cannot happen in a finished game)
            choice.append(max(times) - t_sub)
            others = [p["accepted"][mid][0] for p in timings if p is not t]
            first_hop.append(min(others) - t_sub)
    # chance rounds (JSON keys are strings) applied on every peer
    rounds = set.intersection(*(set(t["applied"]) for t in timings))
    chance: list[int] = []
    known: list[int] = []
    last_asked: list[int] = []
    from_submit: list[int] = []
    submitted = {mid: ts for t in timings for mid, ts in t["submitted"].items()}
    for r in sorted(rounds, key=int):
        asked = [t["asked"][r] for t in timings if r in t["asked"]]
        if asked:
            chance.append(max(t["applied"][r] for t in timings) - min(asked))
            if all(r in t["known"] for t in timings):
                known.append(max(t["known"][r] for t in timings) - min(asked))
                if len(asked) == n:
                    last_asked.append(max(t["known"][r] for t in timings) - max(asked))
                trig = {t["trigger"].get(r) for t in timings} - {None}
                if len(trig) == 1 and (mid := trig.pop()) in submitted:
                    from_submit.append(max(t["known"][r] for t in timings) - submitted[mid])
    kinds: dict[str, int] = {}
    for v in timings[0]["accepted"].values():
        kinds[v[1]] = kinds.get(v[1], 0) + 1
    return {"choice": summary_ms(choice), "choice_first_peer": summary_ms(first_hop), "chance": summary_ms(chance),
            "chance_known": summary_ms(known), "reveal_round": summary_ms(last_asked),
            "chance_from_submit": summary_ms(from_submit), "chance_from_submit_ns": from_submit,
            "choice_ns": choice, "choice_first_peer_ns": first_hop, "chance_ns": chance, "chance_known_ns": known,
            "reveal_round_ns": last_asked, "kinds": kinds}


def costs(timings: list[dict[str, Any]]) -> dict[str, Any]:
    """Where the peers' loops spent their time (summed over peers, from the genesis to the end)."""
    tot: dict[str, list[int]] = {}
    for t in timings:
        for k, (calls, ns) in t["busy"].items():
            b = tot.setdefault(k, [0, 0])
            b[0] += calls
            b[1] += ns
    out: dict[str, Any] = {k: {"calls": c, "s": round(ns / 1e9, 2), "us_per_call": round(ns / c / 1e3, 1) if c else 0}
                           for k, (c, ns) in sorted(tot.items())}
    step, wait_ = tot.get("step", [0, 0])[1], tot.get("poll_wait", [0, 0])[1]
    out["loop_busy_fraction"] = round(1 - wait_ / step, 3) if step else None
    return out


def summarize(games: list[GameRun], think_ms: int, flood_per_s: int = 0) -> dict[str, Any]:
    """The figures of the games played with one think time."""
    lats = [combine(gr.timings) for gr in games]
    pooled = {key: [v for lat in lats for v in lat[key + "_ns"]]
              for key in ("choice", "choice_first_peer", "chance", "chance_known", "reveal_round",
                          "chance_from_submit")}
    messages = sum(gr.timings[0]["messages"] for gr in games)
    game_s = sum(gr.game_s for gr in games)
    frames = sum(t["frames_out_in_game"] for gr in games for t in gr.timings)  # not the catch-ups after
    rejected: dict[str, int] = {}
    for gr in games:
        for t in gr.timings:
            for k, v in t["rejected"].items():
                rejected[k] = rejected.get(k, 0) + v
    out: dict[str, Any] = {
        "think_ms": think_ms, "flood_per_s": flood_per_s, "games": len(games), "messages": messages,
        "flood_sent": sum(t.get("flood_sent", 0) for gr in games for t in gr.timings),
        # memory of the honest peers (largest resident set of each process) and what their
        # sessions still held at the end
        "honest_maxrss_mb": [round(t["maxrss_kb"] / 1024, 1) for gr in games for t in gr.timings
                             if not t.get("flooder")],
        "honest_held": [t["held"] for gr in games for t in gr.timings if not t.get("flooder")],
        "messages_per_game": [gr.timings[0]["messages"] for gr in games],
        "chance_events": len(pooled["chance"]), "game_s": [round(gr.game_s, 2) for gr in games],
        "messages_per_s": round(messages / game_s, 1), "frames_per_s": round(frames / game_s),
        "frames_per_message": round(frames / messages, 1),
        # messages a peer received again (it had them already), per message of the game
        "duplicates_per_message": round(sum(t.get("duplicates_in_game", 0) for gr in games for t in gr.timings)
                                        / messages, 2),
        "choice_ms": summary_ms(pooled["choice"]), "choice_first_peer_ms": summary_ms(pooled["choice_first_peer"]),
        "chance_ms": summary_ms(pooled["chance"]), "chance_known_ms": summary_ms(pooled["chance_known"]),
        "reveal_round_ms": summary_ms(pooled["reveal_round"]),
        "chance_from_submit_ms": summary_ms(pooled["chance_from_submit"]),
        "own_accept_to_send_ms": {
            kind: summary_ms([x for gr in games for t in gr.timings for x in t["own_accept_to_send_ns"].get(kind, [])])
            for kind in ("choice", "reveal")},
        "choice_median_per_game_ms": [lat["choice"].get("median") for lat in lats],
        "chance_median_per_game_ms": [lat["chance"].get("median") for lat in lats],
        "raw_rtt_during_ms": summary_ms([x for gr in games for x in gr.loaded]),
        "catchup": [c for gr in games for c in gr.catchups],
        "machine_busy_cores": [round(gr.machine_busy_cores, 2) for gr in games],
        "peers_cores": [round(gr.peers_cores, 2) for gr in games],
        "cpu_s_per_peer": [[round(t["cpu_s"], 2) for t in gr.timings] for gr in games],
        "costs": costs([t for gr in games for t in gr.timings]),
        "rejected": rejected, "rate_limited": sum(t["rate_limited"] for gr in games for t in gr.timings),
    }
    # the figures: a choice applied on every peer; the beacon known on every peer
    out["latency_targets_met"] = bool(out["choice_ms"].get("median", 1e9) < 10
                                      and out["chance_known_ms"].get("median", 1e9) < 10)
    return out


def report(out: dict[str, Any]) -> None:
    m = out["machine"]
    print(f"machine: {m['nproc']} cores ({m['cpu']}), Python {m['python']}, ZeroMQ {m['zmq']} "
          f"(pyzmq {m['pyzmq']}), CurveZMQ {'on' if m['curve'] else 'off'}; load average before "
          f"{out['load_average_before'][0]}; {out['players']} peer processes; log fsync {out['fsync_us']} µs")

    def line(name: str, s: dict[str, Any]) -> None:
        if not s.get("n"):
            print(f"  {name:<38} no samples")
            return
        print(f"  {name:<38} median {s['median']:>7.2f} ms  p90 {s['p90']:>7.2f} ms  p99 {s['p99']:>7.2f} ms"
              f"  (n={s['n']})")

    line("raw ZeroMQ round trip, idle", out["raw_rtt_idle_ms"])
    for f in out.get("raw_rounds_ms", []):
        print(f"  a chance round's frames alone ({out['players']} processes, {f['work_us']} µs of work a frame taken "
              f"in): median {f['median']} ms, p90 {f['p90']} ms ({f['rounds']} rounds)")
    for mode in out["modes"]:
        think = mode["think_ms"]
        print(f"{out['bots']} bots answering {f'{think} ms after their turn comes' if think else 'at once'}: "
              f"{mode['games']} game(s), {mode['messages']} messages {mode['messages_per_game']}, "
              f"{mode['chance_events']} chance events, {mode['game_s']} s")
        if mode["flood_per_s"]:
            print(f"  while the last peer floods {mode['flood_per_s']} early messages a second to each other peer "
                  f"({mode['flood_sent']} sent): honest peers' largest resident set {mode['honest_maxrss_mb']} MiB, "
                  f"messages held at the end {mode['honest_held']}")
        print(f"  {mode['messages_per_s']} messages/s, {mode['frames_per_s']} frames/s "
              f"({mode['frames_per_message']} frames a message, {mode['duplicates_per_message']} of them duplicates); cores busy during the game: machine "
              f"{mode['machine_busy_cores']}, these peers {mode['peers_cores']} (of {m['nproc']})")
        line("choice submitted -> on every peer", mode["choice_ms"])
        line("choice submitted -> on the first peer", mode["choice_first_peer_ms"])
        line("chance asked -> beacon known on every peer", mode["chance_known_ms"])
        line("chance asked -> applied on every peer", mode["chance_ms"])
        line("  of which asked on the last -> known on every peer", mode["reveal_round_ms"])
        line("the choice asking for it submitted -> beacon known on every peer", mode["chance_from_submit_ms"])
        for kind, v in mode["own_accept_to_send_ms"].items():
            line(f"own {kind}: handed to send minus accepted here", v)
        line("raw ZeroMQ round trip, during the game", mode["raw_rtt_during_ms"])
        c = mode["costs"]
        print("  where the peers' loops went (all peers): " + ", ".join(
            f"{k} {v['s']} s ({v['calls']} calls, {v['us_per_call']} µs each)" for k, v in c.items()
            if isinstance(v, dict)) + f"; busy (not waiting in poll) {c['loop_busy_fraction']}")
        if mode["rejected"] or mode["rate_limited"]:
            print(f"  rejected: {mode['rejected']}; rate-limited frames: {mode['rate_limited']}")
        print(f"  latency targets (medians < 10 ms): {'met' if mode['latency_targets_met'] else 'NOT met'}")
        for i, cu in enumerate(mode["catchup"]):
            print(f"  spectator catch-up {i + 1}: {cu['ms']:.0f} ms for {cu['messages']} messages "
                  f"(first one applied after {cu['first_ms'] or 0:.1f} ms; {cu['cpu_s']:.2f} s CPU; "
                  f"{cu['rate_limited']} frames rate-limited)" + ("" if cu["ok"] else " FAILED"))
    print(f"catch-up target (< 2 s): {'met' if out['catchup_target_met'] else 'NOT met'}")
