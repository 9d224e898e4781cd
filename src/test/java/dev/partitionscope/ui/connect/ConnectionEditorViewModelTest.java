package dev.partitionscope.ui.connect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.aws.AwsProfiles;
import dev.partitionscope.aws.ConnectionKind;
import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.aws.ConnectionStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConnectionEditorViewModelTest {
    @TempDir
    Path dir;

    private ConnectionEditorViewModel vm(String config) throws Exception {
        Path configFile = dir.resolve("config");
        if (config != null) {
            Files.writeString(configFile, config);
        }
        return new ConnectionEditorViewModel(
                new ConnectionStore(dir), AwsProfiles.from(configFile, dir.resolve("credentials"), Map.of()));
    }

    @Test
    void localStackPresetFillsTheDocumentedDefaults() throws Exception {
        ConnectionEditorViewModel vm = vm(null);
        vm.newConnection(ConnectionKind.LOCALSTACK);
        ConnectionSpec spec = vm.toSpec();
        assertThat(spec.endpoint()).isEqualTo("http://localhost:4566");
        assertThat(spec.region()).isEqualTo("us-east-1");
        assertThat(spec.accessKeyId()).isEqualTo("test");
        assertThat(vm.problemsBinding().get()).isEmpty();
        assertThat(vm.kindInfoBinding().get()).contains("LocalStack ≥ 4.9");
    }

    @Test
    void customEndpointExplainsWhichDynamoDbLocalDatabaseItSees() throws Exception {
        ConnectionEditorViewModel vm = vm(null);
        vm.newConnection(ConnectionKind.CUSTOM);
        vm.accessKeyProperty().set("alice");
        vm.regionProperty().set("eu-west-1");
        assertThat(vm.kindInfoBinding().get()).contains("key 'alice' in region 'eu-west-1'");
    }

    @Test
    void awsProfilesComeFromTheConfigFileAndTheRegionDefaultsToTheProfiles() throws Exception {
        ConnectionEditorViewModel vm = vm("""
                [profile dev]
                region = eu-central-1
                [profile sso-prod]
                sso_session = corp
                sso_account_id = 123456789012
                sso_role_name = ReadOnly
                region = us-west-2
                [sso-session corp]
                sso_start_url = https://corp.awsapps.com/start
                sso_region = us-east-1
                """);
        assertThat(vm.profileChoices()).containsExactly(ConnectionEditorViewModel.DEFAULT_CHAIN, "dev", "sso-prod");
        vm.profileProperty().set("dev");
        assertThat(vm.regionPromptBinding().get()).isEqualTo("from profile: eu-central-1");
        assertThat(vm.problemsBinding().get()).isEmpty();
        assertThat(vm.toSpec().region())
                .as("left empty: the profile's region is used at connect time")
                .isNull();

        vm.profileProperty().set("sso-prod");
        assertThat(vm.kindInfoBinding().get()).contains("aws sso login --profile sso-prod");
    }

    @Test
    void theIamPolicyTakesTheTypedRegionElseTheProfilesElseAny() throws Exception {
        ConnectionEditorViewModel vm = vm("""
                [profile dev]
                region = eu-central-1
                """);
        vm.newConnection(ConnectionKind.AWS);
        assertThat(vm.iamPolicy(false))
                .isEqualTo(dev.partitionscope.core.iam.IamPolicies.readOnly(
                        dev.partitionscope.core.iam.Target.region(null)))
                .contains("\"arn:aws:dynamodb:*:*:table/*\"");

        vm.profileProperty().set("dev");
        assertThat(vm.iamPolicy(false)).contains("\"arn:aws:dynamodb:eu-central-1:*:table/*\"");

        vm.regionProperty().set("cn-north-1");
        assertThat(vm.iamPolicy(true))
                .isEqualTo(dev.partitionscope.core.iam.IamPolicies.readOnlyAndWrites(
                        dev.partitionscope.core.iam.Target.region("cn-north-1")))
                .contains("\"arn:aws-cn:dynamodb:cn-north-1:*:table/*\"", "iam:CreateServiceLinkedRole");
        vm.iamPolicyCopied(true);
        assertThat(vm.storeMessageProperty().get())
                .startsWith("Copied the read-only + enabling writes IAM policy for cn-north-1 to the clipboard")
                .contains("docs/iam.md");
    }

    @Test
    void defaultChainWithoutAnyRegionAsksForOne() throws Exception {
        ConnectionEditorViewModel vm = vm(null);
        vm.newConnection(ConnectionKind.AWS);
        assertThat(vm.problemsBinding().get()).contains("Choose a region: the default profile does not set one.");
        vm.regionProperty().set("ap-southeast-2");
        assertThat(vm.problemsBinding().get()).isEmpty();
    }

    @Test
    void switchingKindKeepsAUserChosenNameAndSavedConnectionsGetUniqueNames() throws Exception {
        ConnectionEditorViewModel vm = vm(null);
        vm.newConnection(ConnectionKind.LOCALSTACK);
        assertThat(vm.save()).isTrue();
        vm.newConnection(ConnectionKind.LOCALSTACK);
        assertThat(vm.nameProperty().get()).isEqualTo("LocalStack 2");

        vm.nameProperty().set("my local");
        vm.switchKind(ConnectionKind.CUSTOM);
        assertThat(vm.nameProperty().get()).isEqualTo("my local");
        assertThat(vm.endpointProperty().get()).isEqualTo("http://localhost:8000");
    }

    @Test
    void saveRefusesAnIncompleteConnectionAndSaysWhy() throws Exception {
        ConnectionEditorViewModel vm = vm(null);
        vm.newConnection(ConnectionKind.CUSTOM);
        vm.endpointProperty().set("localhost:8000");
        assertThat(vm.save()).isFalse();
        assertThat(vm.storeMessageProperty().get()).startsWith("Not saved:").contains("http://");
        assertThat(vm.saved()).isEmpty();
    }

    @Test
    void theLabNeedsNoSettingsAndSaysItIsASandbox() throws Exception {
        ConnectionEditorViewModel vm = vm(null);
        vm.switchKind(ConnectionKind.LAB);
        assertThat(vm.problemsBinding().get()).isEmpty();
        assertThat(vm.toSpec().kind()).isEqualTo(ConnectionKind.LAB);
        assertThat(vm.kindInfoBinding().get()).contains("throttles like the real service", "sandbox");
    }

    @Test
    void aLocalConnectionCanGoThroughTheLabProxyAndTheChoiceIsSaved() throws Exception {
        ConnectionEditorViewModel vm = vm(null);
        vm.newConnection(ConnectionKind.LOCALSTACK);
        assertThat(vm.toSpec().labProxyPort()).isNull();
        vm.viaLabProperty().set(true);
        assertThat(vm.toSpec().labProxyPort()).isEqualTo(8000);
        assertThat(vm.kindInfoBinding().get()).contains("Lab proxy on http://127.0.0.1:8000", "writes nothing");
        vm.proxyPortProperty().set("eighty");
        assertThat(vm.problemsBinding().get())
                .contains("The Lab proxy port must be between 1 and 65535 (8000 is the" + " usual choice).");
        vm.proxyPortProperty().set("4567");
        assertThat(vm.save()).isTrue();

        ConnectionEditorViewModel reopened = vm(null);
        reopened.load(reopened.saved().get(0));
        assertThat(reopened.viaLabProperty().get()).isTrue();
        assertThat(reopened.proxyPortProperty().get()).isEqualTo("4567");
    }
}
