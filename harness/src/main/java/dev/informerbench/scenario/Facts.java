package dev.informerbench.scenario;

import com.google.gson.Gson;
import com.google.gson.JsonObject;
import dev.informerbench.accounting.RequestCounter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the walk-through found, step by step. The scenario's JSON lists them as one flat object
 * in the order they happened ({@link #toJson}), as it always has.
 */
public record Facts(String namespace, long resyncPeriodSeconds, Startup startup, Reads reads, Events events,
        Resync resync, List<String> timeline) {

    /** How the cache was filled: the time to HasSynced, the requests it took, the first LIST and WATCH. */
    public record Startup(double syncSeconds, Map<String, Long> requestsToSync, String firstList, String firstWatch,
            boolean watchListRequested, boolean bookmarksRequested) {}

    /** Lister reads against GETs behind client-go's default limiter. */
    public record Reads(ListerReads listerReads, ThrottledGets throttledGets, double perReadSpeedup) {}

    public record ListerReads(int count, long nanos, long requests) {}

    public record ThrottledGets(int count, long nanos, long getRequests, double qps, int burst) {}

    /** The create, update and delete of {@code live}: when the lister showed it, its resourceVersions. */
    public record Events(long liveVisibleInListerNanos, List<String> liveResourceVersions) {}

    /** The resync window and the end: callbacks replayed from the cache, and every request of the scenario. */
    public record Resync(long resyncWindowSeconds, int cachedObjects, long resyncCallbacksInWindow,
            long resyncCallbacksTotal, int resyncRounds, Map<String, Long> requestsDuringResyncWindow,
            Callbacks callbacks, Map<String, Long> requestsTotal) {}

    public record Callbacks(long add, long realUpdate, long delete, long resyncUpdate) {}

    /** Request counts as the JSON names them ({@code 429}: answers of API Priority and Fairness). */
    static Map<String, Long> requests(RequestCounter.Counts c) {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("list", c.list());
        m.put("watch", c.watch());
        m.put("get", c.get());
        m.put("write", c.write());
        m.put("other", c.other());
        m.put("429", c.tooManyRequests());
        return m;
    }

    /** One flat object: the namespace and period, then each step's facts, then the timeline. */
    public JsonObject toJson(Gson gson) {
        JsonObject json = new JsonObject();
        json.addProperty("namespace", namespace);
        json.addProperty("resyncPeriodSeconds", resyncPeriodSeconds);
        for (Record step : List.of(startup, reads, events, resync)) {
            gson.toJsonTree(step).getAsJsonObject().entrySet().forEach(e -> json.add(e.getKey(), e.getValue()));
        }
        json.add("timeline", gson.toJsonTree(timeline));
        return json;
    }
}
