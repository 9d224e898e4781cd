package dev.partitionscope;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The intended dependency graph of the packages, written down once and checked on the compiled classes (README,
 * "Code layout"). From the bottom:
 *
 * <pre>
 *   core     pure Java: no JavaFX, no AWS SDK, no other package of ours
 *   config   files and directories: core only
 *   aws      SDK clients and readers: core, config
 *   lab      the local DynamoDB look-alike: core, config, aws (only to serve as a LabLauncher)
 *   report   the report folder, drawn with AWT: core, config, aws
 *   cli      picocli commands: everything above, no JavaFX
 *   ui       JavaFX screens: everything above except cli
 *   app      the composition root: everything
 * </pre>
 *
 * No cycles between these packages, nor between the sub-packages of core, aws and lab.
 */
class ArchitectureTest {
    private static final String ROOT = "dev.partitionscope";
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(ROOT);
    }

    private static String pkg(String name) {
        return ROOT + "." + name + "..";
    }

    private static void check(ArchRule rule) {
        rule.check(classes);
    }

    @Test
    void coreIsPureJava() {
        check(noClasses()
                .that()
                .resideInAPackage(pkg("core"))
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "javafx..",
                        "software.amazon..",
                        pkg("config"),
                        pkg("aws"),
                        pkg("lab"),
                        pkg("report"),
                        pkg("cli"),
                        pkg("ui"),
                        pkg("app"))
                .because("core is the pure logic every layer shares (tested without a toolkit or an SDK)"));
    }

    @Test
    void configKnowsOnlyCore() {
        check(noClasses()
                .that()
                .resideInAPackage(pkg("config"))
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "javafx..",
                        "software.amazon..",
                        pkg("aws"),
                        pkg("lab"),
                        pkg("report"),
                        pkg("cli"),
                        pkg("ui"),
                        pkg("app"))
                .because("config reads and writes files; what is stored in them belongs to the layer that uses it"));
    }

    @Test
    void awsKnowsNoLabNoReportNoCliNoUi() {
        check(noClasses()
                .that()
                .resideInAPackage(pkg("aws"))
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("javafx..", pkg("lab"), pkg("report"), pkg("cli"), pkg("ui"), pkg("app"))
                .because("the same AWS code serves the app, the CLI and the tests, and talks to the Lab only over"
                        + " HTTP, as to AWS"));
    }

    @Test
    void theLabKnowsNoReportNoCliNoUi() {
        check(noClasses()
                .that()
                .resideInAPackage(pkg("lab"))
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("javafx..", pkg("report"), pkg("cli"), pkg("ui"), pkg("app"))
                .because("the Lab runs headless from the CLI and inside the app alike"));
    }

    @Test
    void reportsDrawWithoutJavaFx() {
        check(noClasses()
                .that()
                .resideInAPackage(pkg("report"))
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("javafx..", pkg("lab"), pkg("cli"), pkg("ui"), pkg("app"))
                .because("the CLI's report command runs on servers without a display: AWT only"));
    }

    @Test
    void theCliUsesNoJavaFx() {
        check(noClasses()
                .that()
                .resideInAPackage(pkg("cli"))
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("javafx..", pkg("ui"), pkg("app"))
                .because("the CLI runs where there is no display"));
    }

    @Test
    void theUiIsNotACommandLine() {
        check(noClasses()
                .that()
                .resideInAPackage(pkg("ui"))
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(pkg("cli"), pkg("app"))
                .because("screens and commands share services below them, not each other"));
    }

    @Test
    void viewModelsCallAwsServicesNotTheSdk() {
        check(noClasses()
                .that()
                .resideInAPackage(pkg("ui"))
                .and()
                .haveNameMatching(".*ViewModel(\\$.*)?")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("software.amazon..")
                .because("requests are built and answers read by the services in aws (ScatterGather,"
                        + " PointReader, TableGateway…), which the CLI and the tests share"));
    }

    @Test
    void thePackagesHaveNoCycles() {
        check(slices().matching(ROOT + ".(*)..").should().beFreeOfCycles());
    }

    @Test
    void theSubPackagesOfCoreAwsAndTheLabHaveNoCycles() {
        check(slices().matching(ROOT + ".core.(*)..").should().beFreeOfCycles());
        check(slices().matching(ROOT + ".aws.(*)..").should().beFreeOfCycles());
        check(slices().matching(ROOT + ".lab.(*)..").should().beFreeOfCycles());
    }
}
