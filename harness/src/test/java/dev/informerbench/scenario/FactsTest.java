package dev.informerbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.Gson;
import com.google.gson.JsonObject;
import dev.informerbench.accounting.RequestCounter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The scenario's JSON: one flat object, its facts in the order the walk-through found them. */
class FactsTest {
    @Test
    void theFactsAreOneFlatObjectInTheOrderTheyHappened() {
        RequestCounter.Counts none = new RequestCounter.Counts(0, 0, 0, 0, 0, 0);
        Facts facts = new Facts("ib-s1-scenario", 10,
                new Facts.Startup(0.25, Facts.requests(new RequestCounter.Counts(1, 1, 0, 0, 0, 0)), "/list", "/watch",
                        false, true),
                new Facts.Reads(new Facts.ListerReads(1000, 4_590_821, 0),
                        new Facts.ThrottledGets(100, 18_004_508_105L, 100, 5, 10), 39218.5),
                new Facts.Events(14_801_882, List.of("208", "209")),
                new Facts.Resync(25, 3, 6, 9, 3, Facts.requests(none), new Facts.Callbacks(4, 1, 1, 9),
                        Facts.requests(new RequestCounter.Counts(1, 1, 100, 7, 0, 2))),
                List.of("  +  0.3s ADD    pre-0"));

        JsonObject json = facts.toJson(new Gson());

        assertThat(json.keySet()).containsExactly("namespace", "resyncPeriodSeconds", "syncSeconds", "requestsToSync",
                "firstList", "firstWatch", "watchListRequested", "bookmarksRequested", "listerReads", "throttledGets",
                "perReadSpeedup", "liveVisibleInListerNanos", "liveResourceVersions", "resyncWindowSeconds",
                "cachedObjects", "resyncCallbacksInWindow", "resyncCallbacksTotal", "resyncRounds",
                "requestsDuringResyncWindow", "callbacks", "requestsTotal", "timeline");
        assertThat(json.getAsJsonObject("requestsTotal").keySet())
                .containsExactly("list", "watch", "get", "write", "other", "429");
        assertThat(json.getAsJsonObject("requestsTotal").get("429").getAsLong()).isEqualTo(2);
        assertThat(json.getAsJsonObject("throttledGets").get("qps").toString()).isEqualTo("5.0");
        assertThat(json.getAsJsonObject("callbacks").keySet())
                .containsExactlyInAnyOrder("add", "realUpdate", "delete", "resyncUpdate");
        assertThat(json.get("resyncPeriodSeconds").toString()).isEqualTo("10");
        assertThat(json.getAsJsonArray("timeline")).hasSize(1);
    }
}
