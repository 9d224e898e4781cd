package dev.partitionscope.ui.connect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.partitionscope.core.iam.IamPolicies;
import dev.partitionscope.core.iam.Target;
import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.UiRobot;
import java.nio.file.Path;
import java.time.Duration;
import javafx.scene.control.ComboBox;
import javafx.scene.control.MenuButton;
import javafx.scene.input.Clipboard;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The connection dialog's "Copy IAM policy" in the real app, headless: for an AWS connection it copies the policy of
 * docs/iam.md with the connection's region, read-only or with the enabling writes; it is not offered for the Lab.
 */
class CopyIamPolicyUiTest {
    @TempDir
    Path configDir;

    private AppFixture fixture;
    private final UiRobot robot = new UiRobot();

    @BeforeEach
    void start() throws Exception {
        fixture = new AppFixture(configDir);
        fixture.start();
        robot.shortcut(KeyCode.CONTROL, KeyCode.K);
        AppFixture.waitUntil(
                "the connection dialog opens",
                Duration.ofSeconds(5),
                () -> AppFixture.windowWithId("connectionDialog") != null);
    }

    @AfterEach
    void stop() throws Exception {
        fixture.stop();
    }

    private String copy(String item) {
        AppFixture.onFx(() -> {
            Clipboard.getSystemClipboard().clear();
            return null;
        });
        robot.clickOn("#copyIamPolicy");
        AppFixture.waitUntil("the menu shows", Duration.ofSeconds(10), () -> robot.lookup(item)
                .tryQuery()
                .isPresent());
        robot.clickOn(item);
        AppFixture.waitUntil(
                "the policy is copied",
                Duration.ofSeconds(10),
                () -> AppFixture.onFx(() -> Clipboard.getSystemClipboard().hasString()));
        return AppFixture.onFx(() -> Clipboard.getSystemClipboard().getString());
    }

    @Test
    void copiesTheReadOnlyPolicyWithTheConnectionsRegion() throws Exception {
        robot.clickOn("#kindAws");
        AppFixture.onFx(() -> {
            robot.lookup("#regionBox").<ComboBox<String>>query().getEditor().setText("eu-west-1");
            return null;
        });
        assertThat(robot.showing("#copyIamPolicy")).isTrue();
        assertThat(AppFixture.onFx(() -> robot.lookup("#copyIamPolicy")
                        .queryAs(MenuButton.class)
                        .getTooltip()
                        .getText()))
                .contains("IAM policy", "docs/iam.md");

        String readOnly = copy("#copyIamReadOnly");

        assertThat(readOnly).isEqualTo(IamPolicies.readOnly(Target.region("eu-west-1")));
        JsonNode policy = new ObjectMapper().readTree(readOnly);
        assertThat(policy.at("/Statement/1/Sid").asText()).isEqualTo("OverviewTable");
        assertThat(policy.at("/Statement/1/Resource/0").asText()).isEqualTo("arn:aws:dynamodb:eu-west-1:*:table/*");
        assertThat(readOnly).doesNotContain("dynamodb:UpdateTable", "iam:CreateServiceLinkedRole");
        assertThat(robot.allText("#connectionDialog")).contains("Copied the read-only IAM policy for eu-west-1");

        String withWrites = copy("#copyIamWithWrites");

        assertThat(withWrites).isEqualTo(IamPolicies.readOnlyAndWrites(Target.region("eu-west-1")));
        assertThat(withWrites)
                .contains("dynamodb:UpdateContributorInsights", "dynamodb:UpdateTable", "iam:CreateServiceLinkedRole");
    }

    @Test
    void theLabNeedsNoPolicy() {
        robot.clickOn("#kindLab");
        assertThat(robot.showing("#copyIamPolicy")).isFalse();
        robot.clickOn("#kindAws");
        assertThat(robot.showing("#copyIamPolicy")).isTrue();
    }
}
