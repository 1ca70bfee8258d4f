package dev.informerbench.runner;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The order of an interleaved run's processes: every unit of the plan runs each built
 * contender once, their order rotated by one from unit to unit; a line says, as each starts,
 * where the run is and about how long is left. The interleave sidecar is rewritten after every
 * process, so a run that stops keeps its record.
 */
final class Interleaving {
    /** One process: a unit for one contender (its index). */
    private record Step(InterleavePlan.Unit unit, int contender) {}

    private final List<Contender> contenders;
    private final Interleave record;
    private final Path sidecar;
    private final PrintStream log;
    private final List<Step> steps = new ArrayList<>();
    private final RunProgress progress;

    Interleaving(List<InterleavePlan.Unit> plan, List<Contender> contenders, JmhArgs args, Interleave record,
            Path sidecar, PrintStream log) {
        this.contenders = contenders;
        this.record = record;
        this.sidecar = sidecar;
        this.log = log;
        List<RunProgress.Planned> planned = new ArrayList<>();
        for (int u = 0; u < plan.size(); u++) {
            InterleavePlan.Unit unit = plan.get(u);
            Family f = unit.family();
            double seconds = RunProgress.estimateSeconds(f, args.rowsMatching(args.include(f), args.params(f.params())),
                    1);
            for (int i : InterleavePlan.order(u, contenders.size())) {
                if (contenders.get(i).artifact() != null) {
                    steps.add(new Step(unit, i));
                    planned.add(new RunProgress.Planned(f.name() + ", " + contenders.get(i).label() + ", round "
                            + unit.round(), seconds));
                }
            }
        }
        this.progress = new RunProgress("unit", planned);
    }

    /** Runs the steps until the last or a stop; returns each contender's runs. */
    List<List<Interleave.Run>> run(VersionJvms jvms) throws IOException, InterruptedException {
        List<List<Interleave.Run>> runsOf = new ArrayList<>();
        contenders.forEach(c -> runsOf.add(new ArrayList<>()));
        log.printf("[run-bench] %d processes of one fork each: %d round(s) of %s, interleaved (%s)%n", steps.size(),
                record.rounds, record.profile, sidecar);
        long t0 = System.nanoTime();
        for (int k = 0; k < steps.size() && !jvms.stopping(); k++) {
            Step step = steps.get(k);
            log.printf("%n[run-bench] %s%n", progress.startLine(k, (System.nanoTime() - t0) / 1e9));
            Interleave.Run run = jvms.run(step.unit(), contenders.get(step.contender()));
            run.position = record.runs.size() + 1;
            record.runs.add(run);
            runsOf.get(step.contender()).add(run);
            record.write(sidecar);
        }
        return runsOf;
    }
}
