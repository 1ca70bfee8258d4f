package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
        assertThatThrownBy(() -> ClientVersions.parse("27.0.0-SNAPSHOT,26.0.0")).hasMessageStartingWith(
                "client version '27.0.0-SNAPSHOT' is not a release");
        assertThatThrownBy(() -> ClientVersions.parse("27.0.0,27.0.0")).hasMessage("client version 27.0.0 is listed twice");
        assertThatThrownBy(() -> ClientVersions.parse("27.0.0"))
                .hasMessage("--client-versions needs at least two versions to compare, got 1");
    }
}
