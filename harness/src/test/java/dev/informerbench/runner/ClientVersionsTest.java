package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ClientVersionsTest {
    @Test
    void releasesInTheGivenOrder() {
        assertThat(ClientVersions.parse("27.0.0, 24.0.0,26.0.0")).containsExactly("27.0.0", "24.0.0", "26.0.0");
    }

    @Test
    void refusesWhatTheSuiteCannotBuild() {
        assertThatThrownBy(() -> ClientVersions.parse("19.0.0,27.0.0")).hasMessage("client version 19.0.0 is older "
                + "than 20.0.0, whose request-builder API the suite is written against; accepted: 20.0.0 and later");
        assertThatThrownBy(() -> ClientVersions.parse("27,26.0.0")).hasMessageStartingWith(
                "client version '27' is not a release like 27.0.0");
        assertThatThrownBy(() -> ClientVersions.parse("27.0.0-beta,26.0.0")).hasMessageStartingWith(
                "client version '27.0.0-beta' is not a release like 27.0.0 or a local build like 27.0.1-SNAPSHOT");
        assertThatThrownBy(() -> ClientVersions.parse("27.0.0"))
                .hasMessage("--client-versions needs at least two versions to compare, got 1");
    }

    @Test
    void aVersionListedTwiceIsAnAaRunWithDistinctLabels() {
        List<String> versions = ClientVersions.parse("27.0.0,27.0.0");
        assertThat(versions).containsExactly("27.0.0", "27.0.0");
        assertThat(ClientVersions.labels(versions)).containsExactly("client-java 27.0.0", "client-java 27.0.0 #2");
        assertThat(ClientVersions.distinct(versions)).containsExactly("27.0.0");

        List<String> mixed = ClientVersions.parse("26.0.0,27.0.0,26.0.0,26.0.0");
        assertThat(ClientVersions.labels(mixed)).containsExactly("client-java 26.0.0", "client-java 27.0.0",
                "client-java 26.0.0 #2", "client-java 26.0.0 #3");
        assertThat(ClientVersions.distinct(mixed)).containsExactly("26.0.0", "27.0.0");
    }

    /** A build a maintainer installed is a version like a release; whether it is there is checked apart. */
    @Test
    void aLocalSnapshotIsAVersion() {
        assertThat(ClientVersions.parse("27.0.0,27.0.1-SNAPSHOT")).containsExactly("27.0.0", "27.0.1-SNAPSHOT");
        assertThat(ClientVersions.problem("7.6-SNAPSHOT", "fabric8 version", 7, 5, "why")).isNull();
        assertThat(ClientVersions.problem("7.6", "fabric8 version", 7, 5, "why")).contains("is not a release");
        assertThat(ClientVersions.problem("19.0.1-SNAPSHOT", "client version", 20, "why"))
                .contains("is older than 20.0.0");
    }
}
