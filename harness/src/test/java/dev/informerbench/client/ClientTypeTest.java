package dev.informerbench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ClientTypeTest {
    @Test
    void parsesTheCommandLineNamesAndTheParamValues() {
        assertThat(ClientType.parse("fabric8")).isEqualTo(ClientType.FABRIC8);
        assertThat(ClientType.parse("client-go")).isEqualTo(ClientType.CLIENT_GO);
        assertThat(ClientType.parse("CLIENT_JAVA")).isEqualTo(ClientType.CLIENT_JAVA);
        assertThatThrownBy(() -> ClientType.parse("kubectl")).hasMessage(
                "unknown client 'kubectl'; accepted: client-java, fabric8, client-go");
    }

    /** This project's jar holds client-java's adapter and no other: fabric8's is in a jar of its own. */
    @Test
    void thisJarHoldsClientJava() {
        assertThat(ClientType.inThisJar()).contains(ClientType.CLIENT_JAVA);
        assertThat(ClientType.CLIENT_JAVA.adapter().version()).matches("\\d+\\.\\d+\\.\\d+.*");
        assertThatThrownBy(ClientType.FABRIC8::adapter).hasMessageContaining("--clients fabric8");
    }
}
