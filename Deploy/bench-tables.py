#!/usr/bin/env python3
"""Runs Petri's release benchmarks several times and prints the performance tables of Sources/petri-bench/PERFORMANCE.md.

Every benchmark prints one JSON line of its figures (with the machine it ran on); this script
runs each one --runs times (5 unless told), and prints markdown tables whose cells are the range over the
runs (min-max) and whose ratios are taken run by run: Petri against the floor broadcaster of the
same run (their rounds interleaved), the bit-packed Life engine against the plain reference
engine and the AVX2 kernel against the portable one in the same run (taking turns), SQLite
against in-memory storage in the paired run (one after the other). The transport table also
pools every run's rounds: 5 x 200 rounds at 10,000 clients give a p99 resting on 11 rounds,
where one run's p99 is its 3rd slowest round.

    make bench                                  # all of it: 9.3 minutes on a quiet 2-core machine,
                                                # 22 at load 3-11; most of it the transport rounds
    Deploy/bench-tables.py --runs 3 --quick     # 1,000 clients and students only, for a look

The school (300 lessons of 30 for 20 s, then the same 9,000 students in one lesson) and the cluster (3 nodes
against 1 on a private PostgreSQL, skipped where PostgreSQL is not installed) run at most 3 times each.

Progress goes to stderr, the tables to stdout.
"""

import argparse
import json
import os
import math
import resource
import subprocess
import sys
import time


MACHINE = {}  # the first machine a benchmark reported
LOADS = []  # the one-minute load average as each run started


def run(bench, args):
    """Runs one benchmark and returns its JSON line as a dict."""
    command = [bench] + args
    started = time.monotonic()
    LOADS.append(os.getloadavg()[0])
    print(f"  {' '.join(command[1:])}  [load {LOADS[-1]:.1f}]", end="", file=sys.stderr, flush=True)
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"\n{' '.join(command)} failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if not lines:
        sys.exit(f"\n{' '.join(command)} printed no JSON line:\n{done.stdout}")
    print(f"  ({time.monotonic() - started:.0f} s)", file=sys.stderr)
    result = json.loads(lines[-1])
    if not MACHINE and result.get("machine"):
        MACHINE.update(result["machine"])
    return result


def span(values, digits=1, scale=1.0, unit=""):
    """'lo–hi' (or one value when they agree at this precision), for a table cell."""
    values = [v * scale for v in values]
    lo, hi = min(values), max(values)
    text = lambda x: f"{x:,.{digits}f}"
    return (text(lo) if text(lo) == text(hi) else f"{text(lo)}–{text(hi)}") + unit


def machine_line():
    m = MACHINE
    mhz = f" at {m['mhz']} MHz" if m.get("mhz") else ""
    memory = f", {m['memoryBytes'] / 2**30:.1f} GiB" if m.get("memoryBytes") else ""
    return (f"{m.get('cpu', 'unknown CPU')}, {m.get('cpus', '?')} CPUs{mhz}, AVX2 {'yes' if m.get('avx2') else 'no'}, "
            f"AVX-512 {'yes' if m.get('avx512') else 'no'}{memory}, {m.get('kernel', '?')}")


def quantile(values, q):
    """Nearest-rank quantile, as the benchmarks compute it."""
    ordered = sorted(values)
    rank = max(math.ceil(q * len(ordered)) - 1, 0)
    return ordered[min(rank, len(ordered) - 1)]


def ordinal(n):
    """1st, 2nd, 3rd, 10th, 11th."""
    return f"{n}{'th' if 11 <= n % 100 <= 13 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def transport(bench, runs, configurations):
    """Per run: Petri's p50/p99 and the floor's over the run's interleaved rounds, and their ratio.
    Pooled: the same quantiles over every run's rounds together, so that the p99 rests on at least
    ten rounds even where one run's rounds are too few for that (its p99 is then one of its
    slowest two or three, which the machine's load of the moment decides)."""
    rows = []
    for clients, rounds in configurations:
        results = [run(bench, ["transport", "--clients", str(clients), "--size", "1024", "--rounds", str(rounds),
                               "--reference", "floor", "--print-rounds"]) for _ in range(runs)]
        pooled = [x for r in results for x in r["latenciesMs"]]
        pooled_floor = [x for r in results for x in r["floorLatenciesMs"]]
        p50 = quantile(pooled, 0.5) / quantile(pooled_floor, 0.5)
        p99 = quantile(pooled, 0.99) / quantile(pooled_floor, 0.99)
        rank = len(pooled) - max(math.ceil(0.99 * len(pooled)) - 1, 0)
        rows.append(
            f"| `petri-bench transport --clients {clients} --rounds {rounds}` | "
            f"{span([r['p50Ms'] for r in results])} ms | {span([r['p99Ms'] for r in results])} ms | "
            f"{span([r['floorP50Ms'] for r in results])} ms | {span([r['floorP99Ms'] for r in results])} ms | "
            f"{span([r['p50Ratio'] for r in results], 2)}× | {span([r['p99Ratio'] for r in results], 2)}× "
            f"(p99 = {ordinal(results[0]['p99Rank'])} slowest) | "
            f"{p50:.2f}× / {p99:.2f}× ({len(pooled):,} rounds, p99 = {ordinal(rank)} slowest) | "
            f"{span([r['bytesPerIdleConnection'] for r in results], 1, 1 / 1024)} KiB |")
    return results[0], [
        "| command (1 KiB messages) | p50 | p99 | floor p50 | floor p99 | p50 ÷ floor, per run "
        "| p99 ÷ floor, per run | p50 / p99 ÷ floor, all runs pooled | server memory per idle connection |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ] + rows


def life(bench, runs, configurations):
    rows = []
    for size, generations in configurations:
        results = [run(bench, ["life", "--size", str(size), "--generations", str(generations)]) for _ in range(runs)]
        kernel = results[0]["kernel"]
        portable = [r for r in results if "portableGensPerSecond" in r]
        rows.append(
            f"| `petri-bench life --size {size} --generations {generations}` | {kernel} | "
            f"{span([r['gensPerSecond'] for r in results], 0)} | "
            f"{span([r['cellUpdatesPerSecond'] for r in results], 1, 1e-9)} G | "
            f"{span([r['speedup'] for r in results], 0)}× | "
            + (f"{span([r['portableGensPerSecond'] for r in portable], 0)} | "
               f"{span([r['kernelSpeedup'] for r in portable], 2)}× |" if portable else "— | — |"))
    return results[0], [
        "| command | kernel | generations/s | cell-updates/s | × plain reference (same run) "
        "| portable kernel, same run | ÷ portable (same run) |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ] + rows


def camouflage(bench, runs):
    results = [run(bench, ["camouflage", "--population", "10000", "--generations", "2000"]) for _ in range(runs)]
    return results[0], [
        "| command | generations/s | creature-updates/s |",
        "| --- | --- | --- |",
        f"| `petri-bench camouflage --population 10000 --generations 2000` | "
        f"{span([r['generationsPerSecond'] for r in results], 0)} | "
        f"{span([r['creatureUpdatesPerSecond'] for r in results], 1, 1e-6)} M |",
    ]


def class_table(bench, runs, configurations):
    rows = []
    for students, generations in configurations:
        sqlite, memory = [], []
        for _ in range(runs):  # paired runs: SQLite, then the same class in memory
            base = ["class", "--students", str(students), "--generations", str(generations)]
            sqlite.append(run(bench, base))
            memory.append(run(bench, base + ["--in-memory"]))
        for results, flag in ((sqlite, ""), (memory, " --in-memory")):
            rows.append(
                f"| `petri-bench class --students {students} --generations {generations}{flag}` | "
                f"{results[0]['storage']} | {span([r['joinSeconds'] for r in results], 2)} s | "
                f"{span([r['stepP50Ms'] for r in results])} ms | {span([r['stepP99Ms'] for r in results])} ms | "
                f"{span([r['floorStepP99Ms'] for r in results])} ms | "
                f"{span([r['stepP99ToFloor'] for r in results], 2)}× / "
                f"{span([r['plainStepP99ToFloor'] for r in results], 2)}× | "
                f"{span([r['answersPerSecond'] for r in results], 0)} | "
                f"{span([r['floorAnswersPerSecond'] for r in results], 0)} | "
                f"{span([r['answersToFloor'] for r in results], 2)}× | "
                f"{span([r['bytesPerStudent'] for r in results], 0, 1 / 1024)} KiB |")
        answers = [s["answersPerSecond"] / m["answersPerSecond"] for s, m in zip(sqlite, memory) if m["answersPerSecond"]]
        p99 = [s["stepP99Ms"] / m["stepP99Ms"] for s, m in zip(sqlite, memory) if m["stepP99Ms"]]
        rows.append(f"| SQLite ÷ in memory, paired runs | | | | {span(p99, 2)}× | | | {span(answers, 2)}× | | | |")
    return sqlite[0], [
        "| command | storage | join time | step p50 | step p99 | step floor p99, same run "
        "| step p99 ÷ floor, per run: all steps / steps resolving no question | answers/s | answer floor/s, same run "
        "| answers ÷ floor, per run (median of its questions) | server memory per student |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ] + rows


def join_storm(bench, runs):
    results = [run(bench, ["class", "--join-storm"]) for _ in range(runs)]
    return results[0], [
        "| command | students welcomed after the first connection | step p50 / p99 during the storm "
        "| step p50 / p99 after it, same run | storm p99 ÷ after | answers/s | server memory per student |",
        "| --- | --- | --- | --- | --- | --- | --- |",
        f"| `petri-bench class --join-storm` ({results[0]['students']:,} at {results[0]['joinRate']:,}/s, "
        f"a step every {results[0]['stepIntervalMs']} ms) | "
        f"{span([r['welcomeSeconds'] for r in results], 2)} s | "
        f"{span([r['stormP50Ms'] for r in results])} / {span([r['stormP99Ms'] for r in results])} ms | "
        f"{span([r['quietP50Ms'] for r in results])} / {span([r['quietP99Ms'] for r in results])} ms | "
        f"{span([r['stormToQuietP99'] for r in results], 2)}× | "
        f"{span([r['answersPerSecond'] for r in results], 0)} | "
        f"{span([r['bytesPerStudent'] for r in results], 0, 1 / 1024)} KiB |",
    ]


HEAVY_RUNS = 3  # the school and the cluster run at most this often: each run takes a minute or more
SCHOOL_ARGS = ["school", "--lessons", "300", "--students", "30", "--seconds", "20"]


def school_table(results):
    """The school and its one-lesson reference (the same students in one lesson, the same run), with the school's
    figures over the reference's taken run by run."""
    def cells(part, key, digits=1, scale=1.0, unit=""):
        values = [r[part][key] for r in results if r.get(part)]
        return span(values, digits, scale, unit) if values else "—"

    def row(label, part, memory):
        return (f"| {label} | {cells(part, 'tickLatenessP50Ms')} / {cells(part, 'tickLatenessP99Ms')} / "
                f"{cells(part, 'tickLatenessMaxMs')} ms | {cells(part, 'stepToLastStudentP99Ms')} ms | "
                f"{cells(part, 'answerAckP99Ms')} ms | {cells(part, 'answersPerSecond', 0)} | "
                f"{cells(part, 'storeCommitsPerSecond')} / {cells(part, 'storeFsyncsPerSecond')} | "
                f"{cells(part, 'cpuSecondsPerLessonMinute', 3)} | "
                f"{cells(part, 'serverCores', 2)} / {cells(part, 'studentsCores', 2)} | "
                + (f"{cells(part, 'residentBytesPerLesson', 1, 1 / 1024)} / "
                   f"{cells(part, 'residentBytesPerStudent', 1, 1 / 1024)} KiB |" if memory else "— |"))

    first = results[0]["school"]
    paired = [r for r in results if r.get("reference")]

    def ratio(key, scale=lambda r: 1.0):
        values = [r["school"][key] * scale(r) / r["reference"][key] for r in paired if r["reference"][key]]
        return f"{span(values, 2)}×" if values else "—"

    lessons = lambda r: r["school"]["lessons"]
    rows = [row(f"school, {first['lessons']} × {first['studentsPerLesson']}", "school", True),
            row(f"reference, 1 × {first['lessons'] * first['studentsPerLesson']:,} (same run)", "reference", False)]
    if paired:
        rows.append(f"| school ÷ reference, run by run | p99 {ratio('tickLatenessP99Ms')} | "
                    f"p99 {ratio('stepToLastStudentP99Ms')} | p99 {ratio('answerAckP99Ms')} | "
                    f"{ratio('answersPerSecond')} | {ratio('storeCommitsPerSecond')} / {ratio('storeFsyncsPerSecond')} | "
                    f"{ratio('cpuSecondsPerLessonMinute', lessons)} (the whole school's CPU) | | |")
    return [
        f"`petri-bench {' '.join(SCHOOL_ARGS)}` (SQLite, group commit across lessons; every lesson auto-running "
        "at 1 generation/s, a question every 5 that nearly every student answers). Targets: tick lateness p99 "
        "≤ 50 ms, answer acknowledgement p99 ≤ 100 ms.",
        "",
        "| | tick lateness p50 / p99 / max | step → last student p99 | answer ack p99 | answers/s "
        "| store commits / fsyncs per s | CPU s per lesson-minute | cores busy: server / students' process "
        "| memory per lesson / per student |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ] + rows


def school(bench, runs):
    return school_table([run(bench, SCHOOL_ARGS) for _ in range(runs)])


def postgres_installed():
    """Whether PostgreSQL's initdb is where the cluster benchmark's private PostgreSQL looks for it."""
    root = "/usr/lib/postgresql"
    versions = sorted((int(v) for v in os.listdir(root) if v.isdigit()), reverse=True) if os.path.isdir(root) else []
    places = [f"{root}/{v}/bin" for v in versions[:1]] + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
    return any(os.access(f"{place}/initdb", os.X_OK) for place in places)


CLUSTER_ARGS = ["cluster", "--lessons", "12", "--students-per-lesson", "30", "--steps", "20"]
CLUSTER_KILLS = 3


def cluster_table(clusters, singles):
    """3 nodes sharing PostgreSQL against 1 node on PostgreSQL, paired runs (one after the other: one run cannot
    be both), with the cluster's step p99 over the one node's taken pair by pair; failover over the kills."""
    c, s = clusters[0], singles[0]
    ratios = [a["stepP99MsBefore"] / b["stepP99MsBefore"] for a, b in zip(clusters, singles) if b["stepP99MsBefore"]]
    answers = c["lessons"] * c["studentsPerLesson"]
    return [
        f"`petri-bench {' '.join(CLUSTER_ARGS)}`, {c['nodes']} nodes with `--kills {CLUSTER_KILLS}` and then the "
        "same lessons and students on 1 node (`--nodes 1 --kills 0`), both storing in a private PostgreSQL. "
        "Targets: cluster step p99 ≤ 1.3× one node's; failover ≤ 2 s; nothing acknowledged lost.",
        "",
        "| | step p50 / p99 | cluster p99 ÷ one node's, pair by pair | failover p50 / p99 (over the kills) "
        "| each student back p50 / p99 | acknowledged answers lost |",
        "| --- | --- | --- | --- | --- | --- |",
        f"| {c['nodes']} nodes, {c['lessons']} lessons × {c['studentsPerLesson']}, {c['kills']} kills | "
        f"{span([r['stepP50MsBefore'] for r in clusters])} / {span([r['stepP99MsBefore'] for r in clusters])} ms | "
        f"{span(ratios, 2)}× | {span([r['failoverP50Seconds'] for r in clusters], 2)} / "
        f"{span([r['failoverP99Seconds'] for r in clusters], 2)} s | "
        f"{span([r['studentBackP50Seconds'] for r in clusters], 2)} / "
        f"{span([r['studentBackP99Seconds'] for r in clusters], 2)} s | "
        f"{span([r['acknowledgedLost'] for r in clusters], 0)} of {answers:,} each run |",
        f"| 1 node, the same lessons and students | {span([r['stepP50MsBefore'] for r in singles])} / "
        f"{span([r['stepP99MsBefore'] for r in singles])} ms | | — | — | "
        f"{span([r['acknowledgedLost'] for r in singles], 0)} |",
    ]


def cluster(bench, runs):
    clusters, singles = [], []
    for _ in range(runs):
        clusters.append(run(bench, CLUSTER_ARGS + ["--kills", str(CLUSTER_KILLS)]))
        singles.append(run(bench, CLUSTER_ARGS + ["--nodes", "1", "--kills", "0"]))
    return cluster_table(clusters, singles)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bench", default=".build/release/petri-bench", help="the release petri-bench binary")
    parser.add_argument("--runs", type=int, default=5, help="runs of every benchmark (the range is over them)")
    parser.add_argument("--quick", action="store_true", help="1,000 clients and students only")
    tables_known = ["transport", "life", "camouflage", "class", "join-storm", "school", "cluster"]
    parser.add_argument("--only", choices=tables_known, action="append", help="run only these tables (repeatable)")
    options = parser.parse_args()
    wanted = set(options.only or tables_known)
    # The school holds 9,000 students' connections in each of its two processes: as many descriptors as allowed.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY else 65536, hard))
    started = time.monotonic()
    tables = []
    timings = []

    def section(name):
        """Starts timing one table (the times are printed at the end, on stderr)."""
        timings.append((name, time.monotonic()))
        print(f"{name}:", file=sys.stderr)

    if "transport" in wanted:
        section("transport")
        sizes = [(1000, 1000)] + ([] if options.quick else [(10000, 200)])
        _, table = transport(options.bench, options.runs, sizes)
        tables.append(("Transport: step to last client, against the floor of the same run", table))
    if "life" in wanted:
        section("life")
        _, table = life(options.bench, options.runs, [(1024, 3000), (4096, 200)])
        tables.append(("Life, one core", table))
    if "camouflage" in wanted:
        section("camouflage")
        _, table = camouflage(options.bench, options.runs)
        tables.append(("Camouflage, one core", table))
    if "class" in wanted:
        section("class")
        sizes = [(1000, 200)] + ([] if options.quick else [(10000, 20)])
        _, table = class_table(options.bench, options.runs, sizes)
        tables.append(("A whole class", table))
    if "join-storm" in wanted and not options.quick:
        section("join storm")
        _, table = join_storm(options.bench, options.runs)
        tables.append(("A join storm", table))
    if "school" in wanted:
        section("school")
        tables.append(("A whole school: many small lessons at once, and the same students in one lesson",
                       school(options.bench, min(options.runs, HEAVY_RUNS))))
    skipped = []
    if "cluster" in wanted:
        petri = os.path.join(os.path.dirname(options.bench), "petri")
        if not postgres_installed():
            skipped.append("cluster (PostgreSQL is not installed: no initdb; `make deps` installs it)")
        elif not os.access(petri, os.X_OK):
            skipped.append(f"cluster (no petri program at {petri} to run the nodes: `swift build -c release`)")
        else:
            section("cluster")
            tables.append(("A cluster: 3 nodes against 1, and a killed node's students back",
                           cluster(options.bench, min(options.runs, HEAVY_RUNS))))
    for reason in skipped:
        print(f"skipped: {reason}", file=sys.stderr)
    print(f"Machine: {machine_line()}; load average {min(LOADS):.1f}–{max(LOADS):.1f} as the runs started. "
          f"Release build; each cell is the range over {options.runs} runs.")
    for title, table in tables:
        print(f"\n#### {title}\n")
        print("\n".join(table))
    for reason in skipped:
        print(f"\nSkipped: {reason}.")
    ends = [t for _, t in timings[1:]] + [time.monotonic()]
    parts = ", ".join(f"{name} {end - begun:.0f} s" for (name, begun), end in zip(timings, ends))
    print(f"\n({time.monotonic() - started:.0f} s in all: {parts})", file=sys.stderr)


if __name__ == "__main__":
    main()
