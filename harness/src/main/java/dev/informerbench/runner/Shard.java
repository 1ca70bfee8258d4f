package dev.informerbench.runner;

import java.util.ArrayList;
import java.util.List;

/**
 * One pod's part of an Indexed Job ({@code --shard I/K}): shard {@code index} of {@code count}
 * runs its share of ServerCost's N controllers, N/K, and the first N%K shards one more, so the
 * shares add up to N. Only ServerCost is sharded, with one value of {@code -p controllers}: the
 * other families measure one client, which a machine holds, and a share of a list of N would
 * give two rows of a shard the same share.
 */
public record Shard(int index, int count) {
    static final String PARAM = "controllers";
    static final String BENCHMARK = ".ServerCostBenchmark.";

    public Shard {
        if (count < 1) {
            throw new IllegalArgumentException("--shard " + index + "/" + count
                    + ": the shard count must be at least 1");
        }
        if (index < 0 || index >= count) {
            throw new IllegalArgumentException("--shard " + index + "/" + count + ": the index must be 0 to "
                    + (count - 1) + " (Kubernetes' JOB_COMPLETION_INDEX)");
        }
    }

    /** {@code I/K}, as the Job's pods pass it: {@code --shard=$(JOB_COMPLETION_INDEX)/K}. */
    public static Shard parse(String text) {
        String[] parts = text.strip().split("/", -1);
        if (parts.length != 2 || !parts[0].matches("\\d{1,9}") || !parts[1].matches("\\d{1,9}")) {
            throw new IllegalArgumentException("--shard '" + text + "' is not INDEX/COUNT; accepted: e.g. 0/4"
                    + " (the index from JOB_COMPLETION_INDEX, 0 to COUNT-1)");
        }
        return new Shard(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
    }

    /** This shard's share of {@code total} controllers. */
    public int share(int total) {
        return total / count + (index < total % count ? 1 : 0);
    }

    /**
     * The N of {@code -p controllers=N} that {@code shards} pods split, checked: the arguments
     * select ServerCost and nothing else, give one N, and N is at least {@code shards} (a shard
     * without a controller would measure nothing).
     */
    public static int requireShardable(JmhArgs args, int shards) {
        List<String> selected = args.selectedBenchmarks();
        if (selected.isEmpty() || selected.stream().anyMatch(b -> !b.contains(BENCHMARK))) {
            throw new IllegalArgumentException("sharding splits ServerCost's controllers, and the JMH arguments select "
                    + (selected.size() > 3 ? selected.size() + " benchmarks" : String.join(", ", selected.stream()
                            .map(n -> n.replaceFirst("^.*\\.(\\w+\\.\\w+)$", "$1")).toList()))
                    + "; accepted: -- ServerCost -p controllers=N");
        }
        List<String> values = args.param(PARAM);
        if (values.size() != 1) {
            throw new IllegalArgumentException("sharding splits one N of controllers, and the JMH arguments give "
                    + (values.isEmpty() ? "none" : values.size() + " (" + String.join(",", values) + ")")
                    + "; accepted: -p controllers=N with one N");
        }
        int total;
        try {
            total = Integer.parseInt(values.get(0).strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-p controllers=" + values.get(0) + ": controllers must be an integer");
        }
        if (total < shards) {
            throw new IllegalArgumentException("-p controllers=" + total + " over " + shards + " shards leaves a shard"
                    + " without a controller; accepted: at most " + total + " shards");
        }
        return total;
    }

    /** The JMH arguments this shard runs: {@code -p controllers=N} replaced by its share of N. */
    public List<String> apply(JmhArgs args) {
        int total = requireShardable(args, count);
        List<String> out = new ArrayList<>();
        List<String> raw = args.raw();
        for (int i = 0; i < raw.size(); i++) {
            String a = raw.get(i);
            if (a.equals("-p") && i + 1 < raw.size() && raw.get(i + 1).startsWith(PARAM + "=")) {
                out.add(a);
                out.add(PARAM + "=" + share(total));
                i++;
            } else {
                out.add(a);
            }
        }
        List<String> given = JmhArgs.parse(out).param(PARAM);
        if (!given.equals(List.of(String.valueOf(share(total))))) {
            throw new IllegalArgumentException("could not set controllers to this shard's " + share(total) + " in "
                    + raw + "; accepted: -p controllers=N as its own two arguments");
        }
        return out;
    }
}
