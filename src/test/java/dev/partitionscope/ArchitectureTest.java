package dev.partitionscope;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackages;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.Set;
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
 *
 * <p>Inside ui (docs/architecture.md, "Inside ui"):
 *
 * <pre>
 *   ui.common, ui.task, ui.time   widgets (chart/, heat/), the task runner, the range dialog: no other ui package
 *   ui.session                    the Session contract the screens receive (connection, table, index, range,
 *                                 refresh, tasks, navigation requests, hand-overs): ui.common, ui.task, ui.time
 *   features                      every other ui.X (overview, heatmap, metrics, ...): the layers above, never
 *                                 ui.shell and never another feature
 *   ui.shell (with ui.shell.*)    the window, its MainViewModel, and what drives several screens at once (the
 *                                 guided demos, the file actions): everything above
 * </pre>
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

    /** Lets go of the import: the suite's one JVM keeps this class (and a static field's value) to its end. */
    @org.junit.jupiter.api.AfterAll
    static void release() {
        classes = null;
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
    void theUiCallsAwsServicesNotTheSdk() {
        check(noClasses()
                .that()
                .resideInAPackage(pkg("ui"))
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

    /** The ui packages that are not features: the layers below the features, and the shell above them. */
    private static final Set<String> UI_NOT_FEATURES = Set.of("common", "task", "time", "session", "shell");

    /** ui.X for a feature X, null otherwise. */
    private static String feature(String packageName) {
        String prefix = ROOT + ".ui.";
        if (!packageName.startsWith(prefix)) {
            return null;
        }
        String rest = packageName.substring(prefix.length());
        String top = rest.contains(".") ? rest.substring(0, rest.indexOf('.')) : rest;
        return top.isEmpty() || UI_NOT_FEATURES.contains(top) ? null : top;
    }

    @Test
    void theUiPackagesHaveNoCycles() {
        check(slices().matching(ROOT + ".ui.(*)..").should().beFreeOfCycles());
    }

    @Test
    void featuresDoNotKnowTheShell() {
        check(noClasses()
                .that()
                .resideInAPackage(pkg("ui"))
                .and()
                .resideOutsideOfPackages(
                        pkg("ui.common"), pkg("ui.task"), pkg("ui.time"), pkg("ui.session"), pkg("ui.shell"))
                .should()
                .dependOnClassesThat()
                .resideInAPackage(pkg("ui.shell"))
                .because("a screen gets the Session (ui.session), not the window that hosts it"));
    }

    @Test
    void theLayersBelowTheFeaturesKnowNoFeature() {
        String[] below = {pkg("ui.common"), pkg("ui.task"), pkg("ui.time")};
        check(noClasses()
                .that()
                .resideInAnyPackage(below)
                .should()
                .dependOnClassesThat(resideInAPackage(pkg("ui")).and(resideOutsideOfPackages(below)))
                .because("widgets, the task runner and the range control know no screen, no session, no shell"));
        check(noClasses()
                .that()
                .resideInAPackage(pkg("ui.session"))
                .should()
                .dependOnClassesThat(resideInAPackage(pkg("ui"))
                        .and(resideOutsideOfPackages(
                                pkg("ui.common"), pkg("ui.task"), pkg("ui.time"), pkg("ui.session"))))
                .because("the session is what the features are built on: it knows no feature and no shell"));
    }

    @Test
    void featuresDoNotKnowEachOther() {
        SliceAssignment features = new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(com.tngtech.archunit.core.domain.JavaClass javaClass) {
                String feature = feature(javaClass.getPackageName());
                return feature == null ? SliceIdentifier.ignore() : SliceIdentifier.of(feature);
            }

            @Override
            public String getDescription() {
                return "the ui features";
            }
        };
        check(slices().assignedFrom(features)
                .should()
                .notDependOnEachOther()
                .because("what two screens share moves down (ui.common, ui.session, core); what drives several"
                        + " screens belongs to the shell"));
    }
}
