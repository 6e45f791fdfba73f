/**
 * How SWE-bench evaluates each repository at each version (the harness's
 * MAP_REPO_VERSION_TO_SPECS, reduced to what the eval script uses): the
 * test command the test files are appended to, the commands run first
 * (Django's locale), and the install step run before the tests. Facts for
 * the 12 repositories of Verified and the rest of the original Python set,
 * identical in 2.0.x and 4.x for every version Verified uses; later
 * versions only added new ones (listed). Pure data, no I/O.
 */

export interface RepoSpec {
  test_cmd: string;
  eval_commands?: readonly string[];
  install?: string;
}

const PYTEST = "pytest -rA";
const DJANGO = "./tests/runtests.py --verbosity 2 --settings=test_sqlite --parallel 1";
const LOCALE_OLD = ["export LANG=en_US.UTF-8", "export LC_ALL=en_US.UTF-8", "export PYTHONIOENCODING=utf8", "export LANGUAGE=en_US:en"];
const LOCALE_GEN = ["sed -i '/en_US.UTF-8/s/^# //g' /etc/locale.gen && locale-gen", "export LANG=en_US.UTF-8", "export LANGUAGE=en_US:en", "export LC_ALL=en_US.UTF-8"];

/** [versions, spec] groups per repository. */
const GROUPS: Record<string, [string[], RepoSpec][]> = {
  "astropy/astropy": [
    [["3.0", "3.1", "3.2", "4.1", "4.2", "4.3", "5.0", "5.1", "5.2", "v5.3"], { test_cmd: PYTEST, install: "python -m pip install -e .[test] --verbose" }],
    [["0.1", "0.2", "0.3", "0.4", "1.1", "1.2", "1.3"], { test_cmd: "pytest -rA -vv -o console_output_style=classic --tb=no", install: "python -m pip install -e .[test] --verbose" }],
  ],
  "django/django": [
    [["1.7", "1.8", "1.10", "1.11", "2.0", "2.1", "2.2"], { test_cmd: DJANGO, eval_commands: LOCALE_OLD, install: "python setup.py install" }],
    [["1.9"], { test_cmd: "./tests/runtests.py --verbosity 2", eval_commands: LOCALE_OLD, install: "python setup.py install" }],
    [["1.4", "1.5", "1.6"], { test_cmd: DJANGO, install: "python setup.py install" }],
    [["3.0", "3.1", "3.2"], { test_cmd: DJANGO, eval_commands: LOCALE_GEN, install: "python -m pip install -e ." }],
    [["4.0", "4.1", "4.2", "5.0", "5.1", "5.2"], { test_cmd: DJANGO, install: "python -m pip install -e ." }],
  ],
  "matplotlib/matplotlib": [
    [["3.0", "3.1", "3.2", "3.3", "3.4", "3.5", "3.6", "3.7"], { test_cmd: PYTEST, install: "python -m pip install -e ." }],
    [["3.8", "3.9"], { test_cmd: PYTEST, install: 'python -m pip install --no-build-isolation -e ".[dev]"' }],
    [["1.0", "1.1", "1.2", "1.3", "1.4", "1.5", "2.0", "2.1", "2.2"], { test_cmd: PYTEST, install: "python setup.py build; python setup.py install" }],
  ],
  "mwaskom/seaborn": [
    [["0.11"], { test_cmd: "pytest --no-header -rA", install: "python -m pip install -e ." }],
    [["0.12", "0.13", "0.14"], { test_cmd: "pytest --no-header -rA", install: "python -m pip install -e .[dev]" }],
  ],
  "pallets/flask": [[["2.0", "2.1", "2.2", "2.3", "3.0", "3.1"], { test_cmd: PYTEST, install: "python -m pip install -e ." }]],
  "psf/requests": [
    [
      ["0.7", "0.8", "0.9", "0.11", "0.13", "0.14", "1.1", "1.2", "2.0", "2.2", "2.3", "2.4", "2.5", "2.7", "2.8", "2.9", "2.10", "2.11", "2.12", "2.17", "2.18", "2.19", "2.22", "2.25", "2.26", "2.27", "2.31", "3.0"],
      { test_cmd: PYTEST, install: "python -m pip install ." },
    ],
  ],
  "pydata/xarray": [[["0.12", "0.18", "0.19", "0.20", "2022.03", "2022.06", "2022.09", "2023.07", "2024.05"], { test_cmd: PYTEST, install: "python -m pip install -e ." }]],
  "pylint-dev/pylint": [[["2.8", "2.9", "2.10", "2.11", "2.13", "2.14", "2.15", "2.16", "2.17", "3.0", "3.1", "3.2", "3.3", "4.0"], { test_cmd: PYTEST, install: "python -m pip install -e ." }]],
  "pytest-dev/pytest": [
    [["4.4", "4.5", "4.6", "5.0", "5.1", "5.2", "5.3", "5.4", "6.0", "6.2", "6.3", "7.0", "7.1", "7.2", "7.4", "8.0", "8.1", "8.2", "8.3", "8.4"], { test_cmd: PYTEST, install: "python -m pip install -e ." }],
  ],
  "scikit-learn/scikit-learn": [[["0.20", "0.21", "0.22", "1.3", "1.4", "1.5", "1.6"], { test_cmd: PYTEST, install: "python -m pip install -v --no-use-pep517 --no-build-isolation -e ." }]],
  "sphinx-doc/sphinx": [
    [
      ["1.5", "1.6", "1.7", "1.8", "2.0", "2.1", "2.2", "2.3", "2.4", "3.0", "3.1", "3.2", "3.3", "3.4", "3.5", "4.0", "4.1", "4.2", "4.3", "4.4", "4.5", "5.0", "5.1", "5.2", "5.3", "6.0", "6.2", "7.0", "7.1", "7.2", "7.3", "7.4", "8.0", "8.1"],
      { test_cmd: "tox --current-env -epy39 -v --", install: "python -m pip install -e .[test]" },
    ],
  ],
  "sympy/sympy": [
    [
      ["0.7", "1.0", "1.1", "1.2", "1.4", "1.5", "1.6", "1.7", "1.8", "1.9", "1.10", "1.11", "1.12", "1.13", "1.14"],
      { test_cmd: "PYTHONWARNINGS='ignore::UserWarning,ignore::SyntaxWarning' bin/test -C --verbose", install: "python -m pip install -e ." },
    ],
  ],
};

/** The spec of `repo` at `version`, or null when SWE-bench defines none Assay knows. */
export function repoSpec(repo: string, version: string): RepoSpec | null {
  for (const [versions, spec] of GROUPS[repo] ?? []) if (versions.includes(version)) return spec;
  return null;
}

/** The repositories whose eval scripts Assay can build (others need the dataset's own eval_script). */
export const SPEC_REPOS: readonly string[] = Object.keys(GROUPS);
