/**
 * How SWE-bench evaluates each repository of SWE-bench Multilingual (42
 * repositories in C, C++, Go, Java, JavaScript, TypeScript, PHP, Ruby and
 * Rust): per repository, its language and, per dataset version (there the
 * pull request's number), the commands the eval script runs: `build`
 * after the test patch is applied, then `test_cmd` between the output
 * markers. Facts from the harness's MAP_REPO_VERSION_TO_SPECS as its 4.x
 * releases kept them in code (swebench/harness/constants/<language>.py;
 * the 5.x harness reads them from the dataset rows instead), reduced to
 * what the eval script uses: the environment image's install steps and
 * toolchain versions are the image's business. Pure data, no I/O.
 */

export type MultilingualLanguage = "c" | "go" | "java" | "javascript" | "php" | "ruby" | "rust";

export interface MultilingualSpec {
  /** Commands run after the test patch is applied, before the tests (a compile step). */
  build?: readonly string[];
  /** The test commands, run as given (never with the test files appended). */
  test_cmd: readonly string[];
}

interface RepoGroups {
  /** The harness's language module for the repository (TypeScript repositories sit under javascript). */
  language: MultilingualLanguage;
  /** [versions, spec] groups. */
  groups: readonly (readonly [readonly string[], MultilingualSpec])[];
}

const REPOS: Readonly<Record<string, RepoGroups>> = {
  "caddyserver/caddy": { language: "go", groups: [
    [["6411"], {"test_cmd": ["go test -v . -run \"TestReplacerNew*\""]}],
    [["6345"], {"test_cmd": ["go test -v ./caddytest/integration"]}],
    [["6115"], {"test_cmd": ["go test -v ./modules/caddyhttp/reverseproxy"]}],
    [["6051", "5404"], {"test_cmd": ["go test -v ./caddyconfig/caddyfile"]}],
    [["6370"], {"test_cmd": ["go test -v ./cmd"]}],
    [["6350", "6288", "4774"], {"test_cmd": ["go test -v ./caddytest/integration -run \"TestCaddyfileAdapt*\""]}],
    [["5995"], {"test_cmd": ["go test -v ./caddytest/integration -run \"^TestUriReplace\""]}],
    [["4943"], {"test_cmd": ["go test -v ./modules/logging"]}],
    [["5626"], {"test_cmd": ["go test -v ./caddyconfig/httpcaddyfile -run \"Test.*Import\""]}],
    [["5761"], {"test_cmd": ["go test -v ./caddyconfig/caddyfile -run \"TestLexer.*\""]}],
    [["5870"], {"test_cmd": ["go test -v . -run \"TestUnsyncedConfigAccess\""]}],
  ] },
  "hashicorp/terraform": { language: "go", groups: [
    [["35611"], {"test_cmd": ["go test -v ./internal/terraform -run \"^TestContext2Apply_provisioner\""]}],
    [["35543"], {"test_cmd": ["go test -v ./internal/terraform -run \"^TestContext2Plan_import\""]}],
    [["34900"], {"test_cmd": ["go test -v ./internal/terraform -run \"(^TestContext2Apply|^TestContext2Plan).*[Ss]ensitive\""]}],
    [["34580"], {"test_cmd": ["go test -v ./internal/command -run \"^TestFmt\""]}],
    [["34814"], {"test_cmd": ["go test -v ./internal/builtin/provisioners/remote-exec"]}],
  ] },
  "prometheus/prometheus": { language: "go", groups: [
    [["14861"], {"test_cmd": ["go test -v ./promql -run \"^TestEngine\""]}],
    [["13845"], {"test_cmd": ["go test -v ./promql ./model/labels -run \"^(TestRangeQuery|TestLabels)\""]}],
    [["12874", "15142"], {"test_cmd": ["go test -v ./tsdb -run \"^TestHead\""]}],
    [["11859"], {"test_cmd": ["go test -v ./tsdb -run \"^TestSnapshot\""]}],
    [["10720", "9248"], {"test_cmd": ["go test -v ./promql -run \"^TestEvaluations\""]}],
    [["10633"], {"test_cmd": ["go test -v ./discovery/puppetdb -run \"TestPuppetDBRefreshWithParameters\""]}],
  ] },
  "gohugoio/hugo": { language: "go", groups: [
    [["12768"], {"test_cmd": ["go test -v ./markup/goldmark/blockquotes/..."]}],
    [["12579"], {"test_cmd": ["go test -v ./resources/page -run \"^TestGroupBy\""]}],
    [["12562"], {"test_cmd": ["go test -v ./hugolib/... -run \"^TestGetPage[^/]\""]}],
    [["12448"], {"test_cmd": ["go test -v ./hugolib/... -run \"^TestRebuild\""]}],
    [["12343"], {"test_cmd": ["go test -v ./resources/page/... -run \"^Test.*Permalink\""]}],
    [["12204"], {"test_cmd": ["go test -v ./tpl/tplimpl -run \"^TestEmbedded\""]}],
    [["12171"], {"test_cmd": ["go test -v ./hugolib -run \"^Test.*Pages\""]}],
  ] },
  "gin-gonic/gin": { language: "go", groups: [
    [["4003"], {"test_cmd": ["go test . -v -run \"TestMethodNotAllowedNoRoute\""]}],
    [["3820"], {"test_cmd": ["go test -v ./binding -run \"^TestMapping\""]}],
    [["3741"], {"test_cmd": ["go test -v . -run \"^TestColor\""]}],
    [["2755"], {"test_cmd": ["go test -v . -run \"^TestTree\""]}],
    [["3227"], {"test_cmd": ["go test -v . -run \"^TestRedirect\""]}],
    [["2121"], {"test_cmd": ["go test -v ./... -run \"^Test.*Reader\""]}],
    [["1957"], {"test_cmd": ["go test -v . -run \"^TestContext.*Bind\""]}],
    [["1805"], {"test_cmd": ["go test -v . -run \"^Test.*Router\""]}],
  ] },
  "burntsushi/ripgrep": { language: "rust", groups: [
    [["2576"], {"test_cmd": ["RUSTFLAGS=-Awarnings cargo test --package ripgrep --test integration -- regression"]}],
    [["2209"], {"test_cmd": ["RUSTFLAGS=-Awarnings cargo test --package ripgrep --test integration -- regression::r2208 --exact"]}],
  ] },
  "sharkdp/bat": { language: "rust", groups: [
    [["3108", "2201"], {"test_cmd": ["RUSTFLAGS=-Awarnings cargo test --package bat --test integration_tests pag"]}],
    [["2835"], {"test_cmd": ["RUSTFLAGS=-Awarnings cargo test --package bat --test integration_tests header"]}],
    [["2650"], {"test_cmd": ["RUSTFLAGS=-Awarnings cargo test --package bat --test integration_tests map_syntax"]}],
    [["2393"], {"test_cmd": ["RUSTFLAGS=-Awarnings cargo test --package bat --test integration_tests cache_"]}],
    [["2260"], {"test_cmd": ["RUSTFLAGS=-Awarnings cargo test --package bat --test integration_tests syntax"]}],
    [["1892"], {"test_cmd": ["RUSTFLAGS=-Awarnings cargo test --package bat --test integration_tests ignored_suffix_arg"]}],
    [["562"], {"test_cmd": ["RUSTFLAGS=-Awarnings cargo test --package bat --test integration_tests cache"]}],
  ] },
  "astral-sh/ruff": { language: "rust", groups: [
    [["15626"], {"test_cmd": ["cargo test --package ruff_linter --lib rules::flake8_simplify::tests"]}],
    [["15543"], {"test_cmd": ["cargo test --package ruff_linter --lib rules::pyupgrade"]}],
    [["15443"], {"test_cmd": ["cargo test --package ruff_linter --lib rules::flake8_bandit"]}],
    [["15394"], {"test_cmd": ["cargo test --package ruff_linter --lib rules::flake8_pie"]}],
    [["15356"], {"test_cmd": ["cargo test --package ruff_linter --lib rules::pycodestyle"]}],
    [["15330"], {"test_cmd": ["cargo test --package ruff_linter --lib rules::eradicate"]}],
    [["15309"], {"test_cmd": ["cargo test --package ruff_linter 'f52'"]}],
  ] },
  "tokio-rs/tokio": { language: "rust", groups: [
    [["6724"], {"test_cmd": ["cargo test --test io_write_all_buf --no-fail-fast"]}],
    [["6838"], {"test_cmd": ["cargo test --test uds_stream --no-fail-fast"]}],
    [["6752"], {"test_cmd": ["cargo test --test time_delay_queue --no-fail-fast"]}],
    [["4867"], {"test_cmd": ["cargo test --test sync_broadcast --no-fail-fast"]}],
    [["4898"], {"test_cmd": ["RUSTFLAGS=\"--cfg tokio_unstable\" cargo test --features full --test rt_metrics"]}],
    [["6603"], {"test_cmd": ["cargo test --test sync_mpsc --no-fail-fast"]}],
    [["6551"], {"test_cmd": ["RUSTFLAGS=\"--cfg tokio_unstable\" cargo test --features full --test rt_metrics --no-fail-fast"]}],
    [["4384"], {"test_cmd": ["RUSTFLAGS=-Awarnings cargo test --package tokio --test net_types_unwind --features full --no-fail-fast"]}],
    [["7139"], {"test_cmd": ["RUSTFLAGS=\"--cfg tokio_unstable\" cargo test --test fs_file --no-fail-fast"]}],
  ] },
  "uutils/coreutils": { language: "rust", groups: [
    [["6690"], {"test_cmd": ["cargo test --no-fail-fast -- test_cp_cp test_cp_same_file test_cp_multiple_files test_cp_single_file test_cp_no_file"]}],
    [["6731"], {"test_cmd": ["cargo test backslash --no-fail-fast"]}],
    [["6575"], {"test_cmd": ["cargo test cksum --no-fail-fast"]}],
    [["6682"], {"test_cmd": ["cargo test mkdir --no-fail-fast"]}],
    [["6377"], {"test_cmd": ["cargo test test_env --no-fail-fast"]}],
  ] },
  "nushell/nushell": { language: "rust", groups: [
    [["13246"], {"test_cmd": ["cargo test -p nu-command --no-fail-fast --test main find::"], "build": ["cargo build"]}],
    [["12950"], {"test_cmd": ["cargo test external_arguments --no-fail-fast"]}],
    [["12901"], {"test_cmd": ["cargo test --no-fail-fast shell::env"]}],
    [["13831"], {"test_cmd": ["cargo test -p nu-command --no-fail-fast split_column"], "build": ["cargo build"]}],
    [["13605"], {"test_cmd": ["cargo test -p nu-command --no-fail-fast ls::"], "build": ["cargo build"]}],
  ] },
  "tokio-rs/axum": { language: "rust", groups: [
    [["2096", "1934"], {"test_cmd": ["RUSTFLAGS=-Awarnings cargo test --package axum --lib -- routing::tests::fallback"]}],
    [["1730"], {"test_cmd": ["RUSTFLAGS=-Awarnings cargo test --package axum --lib -- routing::tests::mod state"]}],
    [["1119"], {"test_cmd": ["RUSTFLAGS=-Awarnings cargo test --package axum --lib slash"]}],
    [["734"], {"test_cmd": ["RUSTFLAGS=-Awarnings cargo test --package axum --lib -- routing::tests::head"]}],
    [["691"], {"test_cmd": ["RUSTFLAGS=-Awarnings cargo test --package axum --lib -- routing::tests::nest::nesting_router_at_root --exact"]}],
    [["682"], {"test_cmd": ["RUSTFLAGS=-Awarnings cargo test --package axum --lib trailing -- with_trailing_slash_post without_trailing_slash_post"]}],
  ] },
  "phpoffice/phpspreadsheet": { language: "php", groups: [
    [["4313"], {"test_cmd": ["./vendor/bin/phpunit --testdox --colors=never tests/PhpSpreadsheetTests/Reader/Ods/FormulaTranslatorTest.php"]}],
    [["4214"], {"test_cmd": ["./vendor/bin/phpunit --testdox --colors=never tests/PhpSpreadsheetTests/Calculation/Functions/MathTrig/RoundDownTest.php"]}],
    [["4186", "3463"], {"test_cmd": ["./vendor/bin/phpunit --testdox --colors=never tests/PhpSpreadsheetTests/Writer/Xlsx/FunctionPrefixTest.php"]}],
    [["4114"], {"test_cmd": ["./vendor/bin/phpunit --testdox --colors=never tests/PhpSpreadsheetTests/Worksheet/Issue4112Test.php"]}],
    [["3940"], {"test_cmd": ["./vendor/bin/phpunit --testdox --colors=never tests/PhpSpreadsheetTests/Worksheet/WorksheetTest.php"]}],
    [["3903"], {"test_cmd": ["./vendor/bin/phpunit --testdox --colors=never tests/PhpSpreadsheetTests/Shared/StringHelperTest.php"]}],
    [["3570"], {"test_cmd": ["./vendor/bin/phpunit --testdox --colors=never tests/PhpSpreadsheetTests/Calculation/Functions/LookupRef/VLookupTest.php"]}],
    [["3469"], {"test_cmd": ["./vendor/bin/phpunit --testdox --colors=never tests/PhpSpreadsheetTests/Style/StyleTest.php"]}],
    [["3659"], {"test_cmd": ["./vendor/bin/phpunit --testdox --colors=never tests/PhpSpreadsheetTests/Worksheet/Table/Issue3635Test.php"]}],
  ] },
  "laravel/framework": { language: "php", groups: [
    [["53914"], {"test_cmd": ["vendor/bin/phpunit --testdox --colors=never tests/Integration/Database/DatabaseConnectionsTest.php"]}],
    [["53206"], {"test_cmd": ["vendor/bin/phpunit --testdox --colors=never tests/Support/SupportJsTest.php"]}],
    [["52866"], {"test_cmd": ["vendor/bin/phpunit --testdox --colors=never tests/Container/ContextualAttributeBindingTest.php"]}],
    [["52684"], {"test_cmd": ["vendor/bin/phpunit --testdox --colors=never tests/Support/SupportStrTest.php"]}],
    [["52680"], {"test_cmd": ["vendor/bin/phpunit --testdox --colors=never tests/Database/DatabaseEloquentInverseRelationTest.php"]}],
    [["52451"], {"test_cmd": ["vendor/bin/phpunit --testdox --colors=never tests/Validation/ValidationValidatorTest.php --filter 'custom'"]}],
    [["53949"], {"test_cmd": ["vendor/bin/phpunit --testdox --colors=never tests/Support/OnceTest.php"]}],
    [["51890"], {"test_cmd": ["vendor/bin/phpunit --testdox --colors=never tests/Validation/ValidationValidatorTest.php --filter 'attribute'"]}],
    [["51195"], {"test_cmd": ["vendor/bin/phpunit --testdox --colors=never tests/View/Blade/BladeVerbatimTest.php"]}],
    [["48636"], {"test_cmd": ["vendor/bin/phpunit --testdox --colors=never tests/Database/DatabaseEloquentModelTest.php"]}],
    [["48573"], {"test_cmd": ["vendor/bin/phpunit --testdox --colors=never tests/Cache/CacheArrayStoreTest.php"]}],
    [["46234"], {"test_cmd": ["vendor/bin/phpunit --testdox --colors=never tests/Routing/RoutingUrlGeneratorTest.php"]}],
    [["53696"], {"test_cmd": ["vendor/bin/phpunit --testdox --colors=never tests/Database/DatabaseSchemaBlueprintTest.php"]}],
  ] },
  "php-cs-fixer/php-cs-fixer": { language: "php", groups: [
    [["8367", "7635"], {"test_cmd": ["vendor/bin/phpunit --testdox --colors=never tests/Fixer/Import/FullyQualifiedStrictTypesFixerTest.php"]}],
    [["8331"], {"test_cmd": ["vendor/bin/phpunit --testdox --colors=never tests/Fixer/LanguageConstruct/NullableTypeDeclarationFixerTest.php"]}],
    [["8075"], {"test_cmd": ["vendor/bin/phpunit --testdox --colors=never tests/Fixer/PhpUnit/PhpUnitAttributesFixerTest.php"]}],
    [["8064"], {"test_cmd": ["vendor/bin/phpunit --testdox --colors=never tests/Fixer/StringNotation/SimpleToComplexStringVariableFixerTest.php"]}],
    [["7998"], {"test_cmd": ["vendor/bin/phpunit --testdox --colors=never tests/Fixer/Casing/ConstantCaseFixerTest.php"]}],
    [["7875", "7663"], {"test_cmd": ["vendor/bin/phpunit --testdox --colors=never tests/Fixer/Whitespace/StatementIndentationFixerTest.php"]}],
    [["7523"], {"test_cmd": ["vendor/bin/phpunit --testdox --colors=never tests/Fixer/Operator/BinaryOperatorSpacesFixerTest.php"]}],
    [["8256"], {"test_cmd": ["vendor/bin/phpunit --testdox --colors=never tests/Fixer/PhpTag/BlankLineAfterOpeningTagFixerTest.php"]}],
  ] },
  "briannesbitt/carbon": { language: "php", groups: [
    [["3103"], {"test_cmd": ["vendor/bin/phpunit --testdox --colors=never tests/CarbonImmutable/SettersTest.php"]}],
    [["3098", "3005"], {"test_cmd": ["vendor/bin/phpunit --testdox --colors=never tests/CarbonInterval/ConstructTest.php"]}],
    [["3073", "2981"], {"test_cmd": ["vendor/bin/phpunit --testdox --colors=never tests/CarbonInterval/TotalTest.php"]}],
    [["3041"], {"test_cmd": ["vendor/bin/phpunit --testdox --colors=never tests/CarbonPeriod/CreateTest.php"]}],
    [["2813"], {"test_cmd": ["vendor/bin/phpunit --testdox --colors=never tests/Factory/FactoryTest.php"], "build": ["composer update", "composer install"]}],
    [["2752"], {"test_cmd": ["vendor/bin/phpunit --testdox --colors=never tests/CarbonImmutable/IsTest.php"]}],
    [["2665"], {"test_cmd": ["vendor/bin/phpunit --testdox --colors=never tests/Carbon/RoundTest.php"]}],
    [["2762"], {"test_cmd": ["vendor/bin/phpunit --testdox --colors=never tests/CarbonInterval/RoundingTest.php"]}],
  ] },
  "redis/redis": { language: "c", groups: [
    [["13115"], {"test_cmd": ["TERM=dumb ./runtest --durable --single unit/scripting"], "build": ["make distclean", "make"]}],
    [["12472"], {"test_cmd": ["TERM=dumb ./runtest --durable --single unit/acl --only \"/.*ACL GETUSER.*\""], "build": ["make distclean", "make"]}],
    [["12272"], {"test_cmd": ["TERM=dumb ./runtest --durable --single unit/type/string --only \"/.*(GETRANGE|SETRANGE).*\""], "build": ["make distclean", "make"]}],
    [["11734"], {"test_cmd": ["TERM=dumb ./runtest --durable --single unit/bitops"], "build": ["make distclean", "make"]}],
    [["10764"], {"test_cmd": ["TERM=dumb ./runtest --durable --single unit/type/zset --only \"BZMPOP\""], "build": ["make distclean", "make"]}],
    [["10095"], {"test_cmd": ["TERM=dumb ./runtest --durable --single unit/type/list --only \"/.*(LPOP|RPOP)\""], "build": ["make distclean", "make"]}],
    [["9733"], {"test_cmd": ["TERM=dumb ./runtest --durable --single unit/introspection-2"], "build": ["make distclean", "make"]}],
    [["10068"], {"test_cmd": ["TERM=dumb ./runtest --durable --single unit/type/stream --only \"/*XTRIM*\""], "build": ["make distclean", "make"]}],
    [["11631"], {"test_cmd": ["TERM=dumb ./runtest --durable --single unit/geo --only \"/.*GEOSEARCH .*\""], "build": ["make distclean", "make"]}],
    [["11510"], {"test_cmd": ["TERM=dumb ./runtest --durable --single unit/introspection --only \"/.*MONITOR.*\""], "build": ["make distclean", "make"]}],
    [["11279"], {"test_cmd": ["TERM=dumb ./runtest --durable --single unit/acl"], "build": ["make distclean", "make"]}],
    [["13338"], {"test_cmd": ["TERM=dumb ./runtest --durable --single unit/type/stream-cgroups"], "build": ["make distclean", "make"]}],
  ] },
  "jqlang/jq": { language: "c", groups: [
    [["2839", "2650", "2235", "2658", "2750", "2681", "2919", "2598", "2728"], {"test_cmd": ["make check"], "build": ["git submodule update --init", "autoreconf -fi", "./configure --with-oniguruma=builtin", "make clean", "touch src/parser.y src/lexer.l", "make -j$(nproc)"]}],
  ] },
  "nlohmann/json": { language: "c", groups: [
    [["4237"], {"test_cmd": ["./build/tests/test-udt_cpp11 -s -r=xml"], "build": ["mkdir -p build", "cd build", "cmake ..", "make test-udt_cpp11", "cd .."]}],
  ] },
  "micropython/micropython": { language: "c", groups: [
    [["15898"], {"test_cmd": ["cd tests", "MICROPY_CPYTHON3=python3 MICROPY_MICROPYTHON=../ports/unix/build-standard/micropython ./run-tests.py -i string_format"], "build": ["source ./tools/ci.sh", "ci_unix_build_helper VARIANT=standard", "gcc -shared -o tests/ports/unix/ffi_lib.so tests/ports/unix/ffi_lib.c"]}],
    [["13569"], {"test_cmd": ["cd tests", "MICROPY_CPYTHON3=python3 MICROPY_MICROPYTHON=../ports/unix/build-standard/micropython ./run-tests.py -i try"], "build": ["source ./tools/ci.sh", "ci_unix_build_helper VARIANT=standard", "gcc -shared -o tests/ports/unix/ffi_lib.so tests/ports/unix/ffi_lib.c"]}],
    [["13039"], {"test_cmd": ["cd tests", "MICROPY_CPYTHON3=python3 MICROPY_MICROPYTHON=../ports/unix/build-standard/micropython ./run-tests.py -i slice"], "build": ["source ./tools/ci.sh", "ci_unix_build_helper VARIANT=standard", "gcc -shared -o tests/unix/ffi_lib.so tests/unix/ffi_lib.c"]}],
    [["12158"], {"test_cmd": ["cd tests", "MICROPY_CPYTHON3=python3 MICROPY_MICROPYTHON=../ports/unix/build-standard/micropython ./run-tests.py -d thread"], "build": ["source ./tools/ci.sh", "ci_unix_build_helper VARIANT=standard", "gcc -shared -o tests/unix/ffi_lib.so tests/unix/ffi_lib.c"]}],
    [["10095"], {"test_cmd": ["cd tests", "MICROPY_CPYTHON3=python3 MICROPY_MICROPYTHON=../ports/unix/build-standard/micropython ./run-tests.py -i basics/fun"], "build": ["source ./tools/ci.sh", "ci_unix_build_helper VARIANT=standard"]}],
  ] },
  "valkey-io/valkey": { language: "c", groups: [
    [["928"], {"test_cmd": ["TERM=dumb ./runtest --durable --single unit/cluster/replica-migration --only \"/.*NOREPLICAS.*\""], "build": ["make distclean", "make"]}],
    [["790"], {"test_cmd": ["TERM=dumb ./runtest --durable --single unit/cluster/cluster-shards"], "build": ["make distclean", "make"]}],
    [["1499"], {"test_cmd": ["TERM=dumb ./runtest --durable --single unit/introspection-2"], "build": ["make distclean", "make"]}],
    [["1842"], {"test_cmd": ["TERM=dumb ./runtest --durable --single unit/acl --only \"/.*ACL LOAD.*\""], "build": ["make distclean", "make"]}],
  ] },
  "fmtlib/fmt": { language: "c", groups: [
    [["3863", "3158", "2457"], {"test_cmd": ["ctest --test-dir build -V -R ranges-test"], "build": ["mkdir -p build", "cmake -B build -S .", "cmake --build build --parallel $(nproc) --target ranges-test"]}],
    [["3901", "3750", "3248", "2317", "2310"], {"test_cmd": ["ctest --test-dir build -V -R format-test"], "build": ["mkdir -p build", "cmake -B build -S .", "cmake --build build --parallel $(nproc) --target format-test"]}],
    [["3272"], {"test_cmd": ["ctest --test-dir build -V -R xchar-test"], "build": ["mkdir -p build", "cmake -B build -S .", "cmake --build build --parallel $(nproc) --target xchar-test"]}],
    [["3729"], {"test_cmd": ["ctest --test-dir build -V -R std-test"], "build": ["mkdir -p build", "cmake -B build -S .", "cmake --build build --parallel $(nproc) --target std-test"]}],
    [["1683"], {"test_cmd": ["ctest --test-dir build -V -R printf-test"], "build": ["mkdir -p build", "cmake -B build -S .", "cmake --build build --parallel $(nproc) --target printf-test"]}],
  ] },
  "google/gson": { language: "java", groups: [
    [["2158"], {"test_cmd": ["mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.functional.PrimitiveTest#testByteSerialization", "mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.functional.PrimitiveTest#testShortSerialization", "mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.functional.PrimitiveTest#testIntSerialization", "mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.functional.PrimitiveTest#testLongSerialization", "mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.functional.PrimitiveTest#testFloatSerialization", "mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.functional.PrimitiveTest#testDoubleSerialization", "mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.functional.PrimitiveTest#testPrimitiveIntegerAutoboxedSerialization", "mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.functional.PrimitiveTest#testPrimitiveIntegerAutoboxedInASingleElementArraySerialization", "mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.functional.PrimitiveTest#testReallyLongValuesSerialization", "mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.functional.PrimitiveTest#testPrimitiveLongAutoboxedSerialization"]}],
    [["2024"], {"test_cmd": ["mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.functional.FieldNamingTest#testUpperCaseWithUnderscores", "mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.functional.NamingPolicyTest#testGsonWithUpperCaseUnderscorePolicySerialization", "mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.functional.NamingPolicyTest#testGsonWithUpperCaseUnderscorePolicyDeserialiation"]}],
    [["2479"], {"test_cmd": ["mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.GsonBuilderTest#testRegisterTypeAdapterForObjectAndJsonElements", "mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.GsonBuilderTest#testRegisterTypeHierarchyAdapterJsonElements", "mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.GsonBuilderTest#testModificationAfterCreate"]}],
    [["2134"], {"test_cmd": ["mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.internal.bind.util.ISO8601UtilsTest#testDateParseInvalidDay", "mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.internal.bind.util.ISO8601UtilsTest#testDateParseInvalidMonth", "mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.internal.bind.util.ISO8601UtilsTest#testDateParseWithDefaultTimezone"]}],
    [["2061"], {"test_cmd": ["mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.stream.JsonReaderTest#testHasNextEndOfDocument", "mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.internal.bind.JsonTreeReaderTest#testHasNext_endOfDocument", "mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.stream.JsonReaderTest#testReadEmptyObject", "mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.stream.JsonReaderTest#testReadEmptyArray", "mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.internal.bind.JsonTreeReaderTest#testSkipValue_emptyJsonObject", "mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.internal.bind.JsonTreeReaderTest#testSkipValue_filledJsonObject"]}],
    [["2311"], {"test_cmd": ["mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.JsonPrimitiveTest#testEqualsIntegerAndBigInteger", "mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.JsonPrimitiveTest#testLongEqualsBigInteger", "mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.JsonPrimitiveTest#testEqualsAcrossTypes"]}],
    [["1100"], {"test_cmd": ["mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.DefaultDateTypeAdapterTest#testNullValue", "mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.DefaultDateTypeAdapterTest#testDatePattern", "mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.DefaultDateTypeAdapterTest#testInvalidDatePattern"]}],
    [["1093"], {"test_cmd": ["mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.stream.JsonWriterTest#testNonFiniteDoublesWhenLenient", "mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.stream.JsonWriterTest#testNonFiniteBoxedDoublesWhenLenient", "mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.stream.JsonWriterTest#testNonFiniteDoubles", "mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.stream.JsonWriterTest#testNonFiniteBoxedDoubles", "mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.stream.JsonWriterTest#testDoubles"]}],
    [["1014"], {"test_cmd": ["mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.internal.bind.JsonTreeReaderTest#testSkipValue_emptyJsonObject", "mvnd test -B -T 1C -pl gson -Dtest=com.google.gson.internal.bind.JsonTreeReaderTest#testSkipValue_filledJsonObject"]}],
  ] },
  "apache/druid": { language: "java", groups: [
    [["15402"], {"test_cmd": ["mvnd test -B -T 1C -pl processing -Dtest=org.apache.druid.query.groupby.GroupByQueryQueryToolChestTest#testCacheStrategy", "mvnd test -B -T 1C -pl processing -Dtest=org.apache.druid.query.groupby.GroupByQueryQueryToolChestTest#testResultLevelCacheKeyWithSubTotalsSpec", "mvnd test -B -T 1C -pl processing -Dtest=org.apache.druid.query.groupby.GroupByQueryQueryToolChestTest#testMultiColumnCacheStrategy"]}],
    [["14092"], {"test_cmd": ["mvnd test -B -T 1C -pl server -Dtest=org.apache.druid.discovery.DruidLeaderClientTest#test503ResponseFromServerAndCacheRefresh", "mvnd test -B -T 1C -pl server -Dtest=org.apache.druid.discovery.DruidLeaderClientTest#testServerFailureAndRedirect"]}],
    [["14136"], {"test_cmd": ["mvnd test -B -T 1C -pl processing -Dtest=org.apache.druid.timeline.VersionedIntervalTimelineTest#testOverlapSecondContainsFirstZeroLengthInterval", "mvnd test -B -T 1C -pl processing -Dtest=org.apache.druid.timeline.VersionedIntervalTimelineTest#testOverlapSecondContainsFirstZeroLengthInterval2", "mvnd test -B -T 1C -pl processing -Dtest=org.apache.druid.timeline.VersionedIntervalTimelineTest#testOverlapSecondContainsFirstZeroLengthInterval3", "mvnd test -B -T 1C -pl processing -Dtest=org.apache.druid.timeline.VersionedIntervalTimelineTest#testOverlapSecondContainsFirstZeroLengthInterval4", "mvnd test -B -T 1C -pl processing -Dtest=org.apache.druid.timeline.VersionedIntervalTimelineTest#testOverlapFirstContainsSecond", "mvnd test -B -T 1C -pl processing -Dtest=org.apache.druid.timeline.VersionedIntervalTimelineTest#testOverlapSecondContainsFirst"]}],
    [["13704"], {"test_cmd": ["mvnd test -B -pl processing -Dtest=org.apache.druid.query.aggregation.post.ArithmeticPostAggregatorTest#testPow", "mvnd test -B -pl processing -Dtest=org.apache.druid.query.aggregation.post.ArithmeticPostAggregatorTest#testDiv", "mvnd test -B -pl processing -Dtest=org.apache.druid.query.aggregation.post.ArithmeticPostAggregatorTest#testQuotient"]}],
    [["16875"], {"test_cmd": ["mvnd test -B -pl server -Dtest=org.apache.druid.server.metrics.WorkerTaskCountStatsMonitorTest#testMonitorWithPeon", "mvnd test -B -pl server -Dtest=org.apache.druid.server.metrics.WorkerTaskCountStatsMonitorTest#testMonitorWithNulls", "mvnd test -B -pl server -Dtest=org.apache.druid.server.metrics.WorkerTaskCountStatsMonitorTest#testMonitorIndexer"]}],
  ] },
  "javaparser/javaparser": { language: "java", groups: [
    [["4561"], {"test_cmd": ["./mvnw test -B -pl javaparser-symbol-solver-testing -Dtest=Issue4560Test", "./mvnw test -B -pl javaparser-symbol-solver-testing -Dtest=JavaSymbolSolverTest"], "build": ["./mvnw clean install -B -pl javaparser-symbol-solver-testing -DskipTests -am"]}],
    [["4538"], {"test_cmd": ["./mvnw test -B -pl javaparser-core-testing -Dtest=NodeTest", "./mvnw test -B -pl javaparser-core-testing -Dtest=NodePositionTest"], "build": ["./mvnw clean install -B -pl javaparser-core-testing -DskipTests -am"]}],
  ] },
  "projectlombok/lombok": { language: "java", groups: [
    [["3602", "3312", "3697", "3326", "3674", "3594", "3422", "3215", "3486", "3042", "3052", "2792", "3571", "3479", "3371", "3350", "3009"], {"test_cmd": ["ant test.instance"], "build": ["ant test.compile"]}],
  ] },
  "apache/lucene": { language: "java", groups: [
    [["13494"], {"test_cmd": ["./gradlew test --tests org.apache.lucene.facet.TestStringValueFacetCounts"]}],
    [["13704"], {"test_cmd": ["./gradlew test --tests org.apache.lucene.search.TestLatLonDocValuesQueries"]}],
    [["13301"], {"test_cmd": ["./gradlew test --tests TestXYPoint.testEqualsAndHashCode -Dtests.seed=3ABEFE4D876DD310 -Dtests.nightly=true -Dtests.locale=es-419 -Dtests.timezone=Asia/Ulaanbaatar -Dtests.asserts=true -Dtests.file.encoding=UTF-8"]}],
    [["12626"], {"test_cmd": ["./gradlew test --tests org.apache.lucene.index.TestIndexWriter"]}],
    [["12212"], {"test_cmd": ["./gradlew test --tests org.apache.lucene.facet.TestDrillSideways"]}],
    [["13170"], {"test_cmd": ["./gradlew test --tests org.apache.lucene.analysis.opennlp.TestOpenNLPSentenceBreakIterator"]}],
    [["12196"], {"test_cmd": ["./gradlew test --tests org.apache.lucene.queryparser.classic.TestMultiFieldQueryParser"]}],
    [["12022"], {"test_cmd": ["./gradlew test --tests org.apache.lucene.document.TestLatLonShape"]}],
    [["11760"], {"test_cmd": ["./gradlew test --tests org.apache.lucene.queries.intervals.TestIntervalBuilder"]}],
  ] },
  "reactivex/rxjava": { language: "java", groups: [
    [["7597"], {"test_cmd": ["./gradlew test --tests io.reactivex.rxjava3.internal.operators.observable.ObservableSwitchTest"]}],
  ] },
  "markedjs/marked": { language: "javascript", groups: [
    [["0.3", "0.5", "0.6", "0.7", "1.0", "1.1", "1.2", "2.0", "3.9", "4.0", "4.1", "5.0"], {"test_cmd": ["./node_modules/.bin/jasmine --no-color --config=jasmine.json"]}],
  ] },
  "babel/babel": { language: "javascript", groups: [
    [["14532"], {"test_cmd": ["yarn jest babel-generator --verbose"], "build": ["make build"]}],
    [["13928"], {"test_cmd": ["yarn jest babel-parser -t \"arrow\" --verbose"], "build": ["make build"]}],
    [["15649"], {"test_cmd": ["yarn jest packages/babel-traverse/test/scope.js --verbose"], "build": ["make build"]}],
    [["15445"], {"test_cmd": ["yarn jest packages/babel-generator/test/index.js -t \"generation \" --verbose"], "build": ["make build"]}],
    [["16130"], {"test_cmd": ["yarn jest babel-helpers --verbose"], "build": ["make build"]}],
  ] },
  "vuejs/core": { language: "javascript", groups: [
    [["11899"], {"test_cmd": ["pnpm run test packages/compiler-sfc/__tests__/compileStyle.spec.ts --no-watch --reporter=verbose"], "build": ["pnpm run build compiler-sfc"]}],
    [["11870"], {"test_cmd": ["pnpm run test packages/runtime-core/__tests__/helpers/renderList.spec.ts --no-watch --reporter=verbose"]}],
    [["11739"], {"test_cmd": ["pnpm run test packages/runtime-core/__tests__/hydration.spec.ts --no-watch --reporter=verbose -t \"mismatch handling\""]}],
    [["11915"], {"test_cmd": ["pnpm run test packages/compiler-core/__tests__/parse.spec.ts --no-watch --reporter=verbose -t \"Element\""]}],
    [["11589"], {"test_cmd": ["pnpm run test packages/runtime-core/__tests__/apiWatch.spec.ts --no-watch --reporter=verbose"]}],
  ] },
  "facebook/docusaurus": { language: "javascript", groups: [
    [["10309"], {"test_cmd": ["yarn test packages/docusaurus-plugin-content-docs/src/client/__tests__/docsClientUtils.test.ts --verbose"]}],
    [["10130"], {"test_cmd": ["yarn test packages/docusaurus/src/server/__tests__/brokenLinks.test.ts --verbose"]}],
    [["9897"], {"test_cmd": ["yarn test packages/docusaurus-utils/src/__tests__/markdownUtils.test.ts --verbose"]}],
    [["9183"], {"test_cmd": ["yarn test packages/docusaurus-theme-classic/src/__tests__/options.test.ts --verbose"]}],
    [["8927"], {"test_cmd": ["yarn test packages/docusaurus-utils/src/__tests__/markdownLinks.test.ts --verbose"]}],
  ] },
  "immutable-js/immutable-js": { language: "javascript", groups: [
    [["2006"], {"test_cmd": ["npx jest __tests__/Range.ts --verbose"], "build": ["npm run build"]}],
    [["2005"], {"test_cmd": ["npx jest __tests__/OrderedMap.ts __tests__/OrderedSet.ts --silent --json | jq -r '.testResults[].assertionResults[] | \"[\" + (.status | ascii_upcase) + \"] \" + ((.ancestorTitles | join(\" > \")) + (if .ancestorTitles | length > 0 then \" > \" else \"\" end) + .title)'"], "build": ["npm run build"]}],
  ] },
  "mrdoob/three.js": { language: "javascript", groups: [
    [["27395"], {"test_cmd": ["npx qunit test/unit/src/math/Sphere.tests.js"]}],
    [["26589"], {"test_cmd": ["npx qunit test/unit/src/objects/Line.tests.js test/unit/src/objects/Mesh.tests.js test/unit/src/objects/Points.tests.js"]}],
    [["25687"], {"test_cmd": ["npx qunit test/unit/src/core/Object3D.tests.js -f \"/json|clone|copy/i\""]}],
  ] },
  "preactjs/preact": { language: "javascript", groups: [
    [["4152"], {"test_cmd": ["COVERAGE=false BABEL_NO_MODULES=true npx karma start karma.conf.js --single-run --grep=\"test/browser/components.test.js\""]}],
    [["4316"], {"test_cmd": ["COVERAGE=false BABEL_NO_MODULES=true npx karma start karma.conf.js --single-run --grep=\"test/browser/events.test.js\""]}],
    [["4245"], {"test_cmd": ["COVERAGE=false BABEL_NO_MODULES=true npx karma start karma.conf.js --single-run --grep=\"hooks/test/browser/useId.test.js\""]}],
    [["4182", "3689"], {"test_cmd": ["COVERAGE=false BABEL_NO_MODULES=true npx karma start karma.conf.js --single-run --grep=\"hooks/test/browser/errorBoundary.test.js\""]}],
    [["4436"], {"test_cmd": ["COVERAGE=false BABEL_NO_MODULES=true npx karma start karma.conf.js --single-run --grep=\"test/browser/refs.test.js\""]}],
    [["3763"], {"test_cmd": ["COVERAGE=false BABEL_NO_MODULES=true npx karma start karma.conf.js --single-run --grep=\"test/browser/lifecycles/componentDidMount.test.js\""]}],
    [["3739"], {"test_cmd": ["COVERAGE=false BABEL_NO_MODULES=true npx karma start karma.conf.js --single-run --grep=\"hooks/test/browser/useState.test.js\""]}],
    [["3567", "3345"], {"test_cmd": ["COVERAGE=false BABEL_NO_MODULES=true npx karma start karma.conf.js --single-run --grep=\"hooks/test/browser/useEffect.test.js\""]}],
    [["3562"], {"test_cmd": ["COVERAGE=false BABEL_NO_MODULES=true npx karma start karma.conf.js --single-run --grep=\"compat/test/browser/render.test.js\""]}],
    [["3454"], {"test_cmd": ["COVERAGE=false BABEL_NO_MODULES=true npx karma start karma.conf.js --single-run --grep=\"test/browser/svg.test.js\""]}],
    [["3062", "3010", "2927", "2757"], {"test_cmd": ["COVERAGE=false BABEL_NO_MODULES=true npx karma start karma.conf.js --single-run --grep=\"test/browser/render.test.js\""]}],
    [["2896"], {"test_cmd": ["COVERAGE=false BABEL_NO_MODULES=true npx karma start karma.conf.js --single-run --grep=\"compat/test/browser/memo.test.js\""]}],
  ] },
  "axios/axios": { language: "javascript", groups: [
    [["5892"], {"test_cmd": ["npx mocha test/unit/adapters/http.js -R tap -g 'compression'"]}],
    [["5316"], {"test_cmd": ["npx mocha test/unit/adapters/http.js -R tap -g 'FormData'"], "build": ["npm install"]}],
    [["4738"], {"test_cmd": ["timeout 10s npx mocha -R tap test/unit/adapters/http.js -g 'timeout'"]}],
    [["4731"], {"test_cmd": ["npx mocha -R tap test/unit/adapters/http.js -g 'body length'"]}],
    [["6539"], {"test_cmd": ["npx mocha -R tap test/unit/regression/SNYK-JS-AXIOS-7361793.js"]}],
    [["5085"], {"test_cmd": ["npx mocha -R tap test/unit/regression/bugs.js"]}],
  ] },
  "jekyll/jekyll": { language: "ruby", groups: [
    [["9141"], {"test_cmd": ["bundle exec ruby -I test test/test_site.rb -v -n \"/static files/\""]}],
    [["8761"], {"test_cmd": ["bundle exec cucumber --publish-quiet --format progress --no-color features/post_data.feature:6 features/post_data.feature:30"]}],
    [["8047"], {"test_cmd": ["bundle exec ruby -I test test/test_filters.rb -v -n \"/where_exp filter/\""]}],
    [["8167"], {"test_cmd": ["bundle exec ruby -I test test/test_utils.rb -v -n \"/Utils.slugify/\""]}],
    [["8771"], {"test_cmd": ["bundle exec cucumber --publish-quiet --format progress --no-color features/incremental_rebuild.feature:27 features/incremental_rebuild.feature:70"]}],
  ] },
  "fluent/fluentd": { language: "ruby", groups: [
    [["4598"], {"test_cmd": ["bundle exec ruby test/plugin_helper/test_http_server_helper.rb -v -n '/mount/'"]}],
    [["4311"], {"test_cmd": ["bundle exec ruby test/config/test_system_config.rb -v -n '/rotate_age/'"]}],
    [["4655"], {"test_cmd": ["bundle exec ruby test/plugin/test_in_http.rb -v -n '/test_add/'"]}],
    [["4030"], {"test_cmd": ["bundle exec ruby test/plugin/out_forward/test_ack_handler.rb -v"]}],
    [["3917"], {"test_cmd": ["bundle exec ruby test/test_config.rb -v"]}],
    [["3640"], {"test_cmd": ["bundle exec ruby test/plugin_helper/test_retry_state.rb -v -n '/exponential backoff/'"]}],
    [["3641"], {"test_cmd": ["bundle exec ruby test/test_supervisor.rb -v"]}],
    [["3616"], {"test_cmd": ["bundle exec ruby test/plugin/test_in_http.rb -v -n '/test_application/'"]}],
    [["3631"], {"test_cmd": ["bundle exec ruby test/test_event_router.rb -v -n '/handle_emits_error/'"]}],
    [["3466"], {"test_cmd": ["bundle exec ruby test/plugin/test_in_tail.rb -v -n '/test_should_replace_target_info/'"]}],
    [["3328"], {"test_cmd": ["bundle exec ruby test/plugin/test_in_tail.rb -v -n '/test_ENOENT_error_after_setup_watcher/'"]}],
    [["3608"], {"test_cmd": ["bundle exec ruby test/plugin/test_output_as_buffered_retries.rb -v -n '/retry_max_times/'"]}],
  ] },
  "fastlane/fastlane": { language: "ruby", groups: [
    [["21857"], {"test_cmd": ["FASTLANE_SKIP_UPDATE_CHECK=1 bundle exec rspec ./fastlane/spec/lane_manager_base_spec.rb --no-color --format json | tail -n +2 | jq -r '.examples[] | \"\\(.description) - \\(.id) - \\(.status)\"'"]}],
    [["20958"], {"test_cmd": ["FASTLANE_SKIP_UPDATE_CHECK=1 bundle exec rspec ./fastlane/spec/actions_specs/import_from_git_spec.rb --no-color --format json | tail -n +2 | jq -r '.examples[] | \"\\(.description) - \\(.id) - \\(.status)\"'"]}],
    [["20642"], {"test_cmd": ["FASTLANE_SKIP_UPDATE_CHECK=1 bundle exec rspec ./frameit/spec/device_spec.rb --no-color --format json | tail -n +2 | jq -r '.examples[] | \"\\(.description) - \\(.id) - \\(.status)\"'"]}],
    [["19765"], {"test_cmd": ["FASTLANE_SKIP_UPDATE_CHECK=1 bundle exec rspec ./fastlane/spec/actions_specs/download_dsyms_spec.rb --no-color --format json | tail -n +2 | jq -r '.examples[] | \"\\(.description) - \\(.id) - \\(.status)\"'"]}],
    [["20975"], {"test_cmd": ["FASTLANE_SKIP_UPDATE_CHECK=1 bundle exec rspec ./match/spec/storage/s3_storage_spec.rb --no-color --format json | tail -n +2 | jq -r '.examples[] | \"\\(.description) - \\(.id) - \\(.status)\"'"]}],
    [["19304", "19207"], {"test_cmd": ["FASTLANE_SKIP_UPDATE_CHECK=1 bundle exec rspec ./fastlane/spec/actions_specs/zip_spec.rb --no-color --format json | tail -n +2 | jq -r '.examples[] | \"\\(.description) - \\(.id) - \\(.status)\"'"]}],
  ] },
  "jordansissel/fpm": { language: "ruby", groups: [
    [["1850"], {"test_cmd": ["bundle exec rspec spec/fpm/package/empty_spec.rb --no-color --format json | sed -n '/^{/,$p' | jq -r '.examples[] | \"\\(.description) - \\(.status)\"'"]}],
    [["1829"], {"test_cmd": ["bundle exec rspec spec/fpm/package/deb_spec.rb --no-color --format json | sed -n '/^{/,$p' | jq -r '.examples[] | \"\\(.description) - \\(.status)\"'"]}],
  ] },
  "faker-ruby/faker": { language: "ruby", groups: [
    [["2970"], {"test_cmd": ["bundle exec ruby test/faker/default/test_faker_internet.rb -v -n '/email/'"]}],
    [["2705"], {"test_cmd": ["bundle exec ruby test/faker/default/test_faker_internet.rb -v -n '/password/'"]}],
  ] },
  "rubocop/rubocop": { language: "ruby", groups: [
    [["13705"], {"test_cmd": ["bundle exec rspec spec/rubocop/cop/lint/out_of_range_regexp_ref_spec.rb --no-color --format json | sed -n '/^{/,$p' | \\\n  jq -r '.examples | group_by(.description) | .[] |\n    if any(select(.status == \"failed\")) then\n      (.[0] | \"\\(.description) - failed\")\n    else\n      (.[0] | \"\\(.description) - \\(.status)\")\n    end'"]}],
    [["13687"], {"test_cmd": ["bundle exec rspec spec/rubocop/cop/lint/safe_navigation_chain_spec.rb --no-color --format json | sed -n '/^{/,$p' | \\\n  jq -r '.examples | group_by(.description) | .[] |\n    if any(select(.status == \"failed\")) then\n      (.[0] | \"\\(.description) - failed\")\n    else\n      (.[0] | \"\\(.description) - \\(.status)\")\n    end'"]}],
    [["13680"], {"test_cmd": ["bundle exec rspec spec/rubocop/cop/style/redundant_line_continuation_spec.rb --no-color --format json | sed -n '/^{/,$p' | \\\n  jq -r '.examples | group_by(.description) | .[] |\n    if any(select(.status == \"failed\")) then\n      (.[0] | \"\\(.description) - failed\")\n    else\n      (.[0] | \"\\(.description) - \\(.status)\")\n    end'"]}],
    [["13668"], {"test_cmd": ["bundle exec rspec spec/rubocop/cop/style/sole_nested_conditional_spec.rb --no-color --format json | sed -n '/^{/,$p' | \\\n  jq -r '.examples | group_by(.description) | .[] |\n    if any(select(.status == \"failed\")) then\n      (.[0] | \"\\(.description) - failed\")\n    else\n      (.[0] | \"\\(.description) - \\(.status)\")\n    end'"]}],
    [["13627"], {"test_cmd": ["bundle exec rspec spec/rubocop/cop/style/multiple_comparison_spec.rb --no-color --format json | sed -n '/^{/,$p' | \\\n  jq -r '.examples | group_by(.description) | .[] |\n    if any(select(.status == \"failed\")) then\n      (.[0] | \"\\(.description) - failed\")\n    else\n      (.[0] | \"\\(.description) - \\(.status)\")\n    end'"]}],
    [["13653"], {"test_cmd": ["bundle exec rspec spec/rubocop/cop/style/access_modifier_declarations_spec.rb --no-color --format json | sed -n '/^{/,$p' | \\\n  jq -r '.examples | group_by(.description) | .[] |\n    if any(select(.status == \"failed\")) then\n      (.[0] | \"\\(.description) - failed\")\n    else\n      (.[0] | \"\\(.description) - \\(.status)\")\n    end'"]}],
    [["13579"], {"test_cmd": ["bundle exec rspec spec/rubocop/cop/layout/line_continuation_spacing_spec.rb --no-color --format json | sed -n '/^{/,$p' | \\\n  jq -r '.examples | group_by(.description) | .[] |\n    if any(select(.status == \"failed\")) then\n      (.[0] | \"\\(.description) - failed\")\n    else\n      (.[0] | \"\\(.description) - \\(.status)\")\n    end'"]}],
    [["13560"], {"test_cmd": ["bundle exec rspec spec/rubocop/cop/style/file_null_spec.rb --no-color --format json | sed -n '/^{/,$p' | \\\n  jq -r '.examples | group_by(.description) | .[] |\n    if any(select(.status == \"failed\")) then\n      (.[0] | \"\\(.description) - failed\")\n    else\n      (.[0] | \"\\(.description) - \\(.status)\")\n    end'"]}],
    [["13503"], {"test_cmd": ["bundle exec rspec spec/rubocop/cop/style/dig_chain_spec.rb --no-color --format json | sed -n '/^{/,$p' | \\\n  jq -r '.examples | group_by(.description) | .[] |\n    if any(select(.status == \"failed\")) then\n      (.[0] | \"\\(.description) - failed\")\n    else\n      (.[0] | \"\\(.description) - \\(.status)\")\n    end'"]}],
    [["13479"], {"test_cmd": ["bundle exec rspec spec/rubocop/cop/layout/leading_comment_space_spec.rb --no-color --format json | sed -n '/^{/,$p' | \\\n  jq -r '.examples | group_by(.description) | .[] |\n    if any(select(.status == \"failed\")) then\n      (.[0] | \"\\(.description) - failed\")\n    else\n      (.[0] | \"\\(.description) - \\(.status)\")\n    end'"]}],
    [["13431"], {"test_cmd": ["bundle exec rspec spec/rubocop/cop/layout/empty_lines_around_method_body_spec.rb --no-color --format json | sed -n '/^{/,$p' | \\\n  jq -r '.examples | group_by(.description) | .[] |\n    if any(select(.status == \"failed\")) then\n      (.[0] | \"\\(.description) - failed\")\n    else\n      (.[0] | \"\\(.description) - \\(.status)\")\n    end'"]}],
    [["13424"], {"test_cmd": ["bundle exec rspec spec/rubocop/cop/style/safe_navigation_spec.rb --no-color --format json | sed -n '/^{/,$p' | \\\n  jq -r '.examples | group_by(.description) | .[] |\n    if any(select(.status == \"failed\")) then\n      (.[0] | \"\\(.description) - failed\")\n    else\n      (.[0] | \"\\(.description) - \\(.status)\")\n    end'"]}],
    [["13393"], {"test_cmd": ["bundle exec rspec spec/rubocop/cop/style/guard_clause_spec.rb --no-color --format json | sed -n '/^{/,$p' | \\\n  jq -r '.examples | group_by(.description) | .[] |\n    if any(select(.status == \"failed\")) then\n      (.[0] | \"\\(.description) - failed\")\n    else\n      (.[0] | \"\\(.description) - \\(.status)\")\n    end'"]}],
    [["13396"], {"test_cmd": ["bundle exec rspec spec/rubocop/cop/style/redundant_parentheses_spec.rb --no-color --format json | sed -n '/^{/,$p' | \\\n  jq -r '.examples | group_by(.description) | .[] |\n    if any(select(.status == \"failed\")) then\n      (.[0] | \"\\(.description) - failed\")\n    else\n      (.[0] | \"\\(.description) - \\(.status)\")\n    end'"]}],
    [["13375"], {"test_cmd": ["bundle exec rspec spec/rubocop/cli_spec.rb --no-color --format json | sed -n '/^{/,$p' | \\\n  jq -r '.examples | group_by(.description) | .[] |\n    if any(select(.status == \"failed\")) then\n      (.[0] | \"\\(.description) - failed\")\n    else\n      (.[0] | \"\\(.description) - \\(.status)\")\n    end'"]}],
    [["13362"], {"test_cmd": ["bundle exec rspec spec/rubocop/cop/style/redundant_freeze_spec.rb --no-color --format json | sed -n '/^{/,$p' | \\\n  jq -r '.examples | group_by(.description) | .[] |\n    if any(select(.status == \"failed\")) then\n      (.[0] | \"\\(.description) - failed\")\n    else\n      (.[0] | \"\\(.description) - \\(.status)\")\n    end'"]}],
  ] },
};

/** The spec of a Multilingual repository at `version`, or null when the harness defines none. */
export function multilingualSpec(repo: string, version: string): MultilingualSpec | null {
  for (const [versions, spec] of REPOS[repo]?.groups ?? []) if (versions.includes(version)) return spec;
  return null;
}

/** The language module the harness files a Multilingual repository under, or null when it is not one. */
export function multilingualLanguage(repo: string): MultilingualLanguage | null {
  return REPOS[repo]?.language ?? null;
}

/** The 42 repositories of SWE-bench Multilingual whose eval scripts Assay builds. */
export const MULTILINGUAL_REPOS: readonly string[] = Object.keys(REPOS);
