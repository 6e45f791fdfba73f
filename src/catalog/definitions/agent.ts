/**
 * Built-ins of the Agent group: SWE-bench (Verified, Multilingual, Pro),
 * Terminal-Bench 2.0, TAU-Bench, BFCL v4, MCP-Atlas, MCPMark, Tool
 * Decathlon, DeepPlanning, WideSearch, VITA-Bench. All but BFCL v4 (inline,
 * definitions/bfcl.ts) run on an external runner. Pure data.
 */
import type { BuiltinBenchmark, CatalogText, ExternalDataset, ServiceCredential } from "../types";
import { BFCL_V4 } from "./bfcl";
import { notBundled, RUNNER_REQUIREMENT, runnerVerifier } from "./common";

const external = (location: string, notes: string, license: string | null = null, revision: string | null = null): ExternalDataset => ({
  kind: "external",
  location,
  revision,
  license,
  notes,
});

interface AgentEntry {
  id: string;
  name: string;
  description: string;
  data: ExternalDataset;
  text: CatalogText;
  verifier: string;
  subsets?: string[];
  requirements: string[];
  credentials?: ServiceCredential[];
  references: { title: string; url: string }[];
}

/** Every agent benchmark has the same execution shape: a runner drives the agent and reports its verifier's reward. */
function agent(e: AgentEntry): BuiltinBenchmark {
  return {
    id: e.id,
    name: e.name,
    description: e.description,
    category: "agent",
    kind: "runner",
    variant_of: null,
    status: "unavailable",
    status_detail: notBundled(e.data, "Attempts run on an external agent runner, which provides the environment, drives the agent and reports the verifier's reward."),
    text: e.text,
    data: e.data,
    split: null,
    prompt_template: null,
    answer_column: null,
    scoring: runnerVerifier(e.verifier),
    subsets: e.subsets ?? [],
    few_shot: { supported: false, default: 0, split: null, note: "Agent tasks run zero-shot; the task statement is the prompt." },
    sample_size: null,
    credentials: e.credentials ?? [],
    requirements: [RUNNER_REQUIREMENT, ...e.requirements],
    references: e.references,
  };
}

const SWE_TEXT_LIMITS = [
  "Expensive: each attempt builds a container and may take many agent turns.",
  "Scores depend heavily on the agent scaffold (tools, context management, retries), not only on the model; compare with the same scaffold.",
];

export const AGENT: BuiltinBenchmark[] = [
  agent({
    id: "bm_swe_bench_verified",
    name: "SWE-bench Verified",
    description: "Resolve real GitHub issues in popular Python repositories; the project's own tests decide.",
    data: external("https://huggingface.co/datasets/princeton-nlp/SWE-bench_Verified", "500 task instances with their base commits and test lists; container images per repository."),
    verifier: "swe-bench-tests",
    text: {
      what_it_measures:
        "Repository-level software engineering: understanding an issue, finding the relevant code in a large unfamiliar codebase, and writing a patch that fixes it without breaking anything else.",
      how_it_works:
        "Each task is a real issue from an open-source Python project with the repository at the commit before the fix. The agent edits the code in a container; the verifier applies its patch and runs the tests the real fix made pass (FAIL_TO_PASS) and the ones that already passed (PASS_TO_PASS). " +
        "Reward 1 only if all pass. The Verified set is a 500-task subset that human engineers checked to be well specified and fairly tested.",
      strengths: [
        "Real issues and real test suites: the closest standard benchmark to everyday engineering work.",
        "Human validation removed under-specified tasks and unfair tests from the original set.",
        "The de facto headline number for coding agents.",
      ],
      limitations: [
        ...SWE_TEXT_LIMITS,
        "Python only, and a handful of repositories dominate the set.",
        "Public for years, so training contamination is a real concern; many tasks are small fixes.",
      ],
      when_to_use: "Pick it to compare coding agents or the models behind them on realistic bug fixing.",
      use_cases: ["Autonomous coding agents", "PR-writing bots", "IDE agents that edit across files"],
    },
    requirements: ["The runner needs Docker (or an equivalent sandbox) to build each repository's environment and run its tests."],
    references: [
      { title: "SWE-bench: Can Language Models Resolve Real-World GitHub Issues? (Jimenez et al., 2023)", url: "https://arxiv.org/abs/2310.06770" },
      { title: "Introducing SWE-bench Verified (OpenAI, 2024)", url: "https://openai.com/index/introducing-swe-bench-verified/" },
    ],
  }),
  agent({
    id: "bm_swe_bench_multilingual",
    name: "SWE-bench Multilingual",
    description: "SWE-bench-style issue fixing in nine languages beyond Python.",
    data: external("https://huggingface.co/datasets/SWE-bench/SWE-bench_Multilingual", "300 task instances from 42 repositories; evaluated with the SWE-bench harness."),
    verifier: "swe-bench-tests",
    text: {
      what_it_measures: "Whether an agent's issue-fixing ability carries over to C, C++, Go, Java, JavaScript, TypeScript, PHP, Ruby and Rust codebases and their toolchains.",
      how_it_works:
        "Same protocol as SWE-bench: a real issue, the repository at its base commit, and the tests that the real fix made pass. The agent patches the code in a container and the verifier runs the tests; reward 1 only if all pass. Languages are the subsets.",
      strengths: [
        "Exposes agents and scaffolds overfitted to Python tooling.",
        "Compatible with the SWE-bench harness, so the same runner serves both.",
        "Small enough (300 tasks) to run regularly.",
      ],
      limitations: [...SWE_TEXT_LIMITS, "Around thirty tasks per language, so per-language scores have wide intervals."],
      when_to_use: "Pick it when your agent works on codebases that are not Python.",
      use_cases: ["Coding agents for polyglot monorepos", "Language-specific developer tools"],
    },
    subsets: ["c", "cpp", "go", "java", "javascript", "typescript", "php", "ruby", "rust"],
    requirements: ["Docker (or equivalent) on the runner, with each language's toolchain in the task images."],
    references: [{ title: "SWE-bench Multilingual", url: "https://www.swebench.com/multilingual.html" }],
  }),
  agent({
    id: "bm_swe_bench_pro",
    name: "SWE-bench Pro",
    description: "Long-horizon, multi-file engineering tasks from business and developer-tool codebases, built to resist contamination.",
    data: external(
      "https://huggingface.co/datasets/ScaleAI/SWE-bench_Pro (public set) and https://github.com/scaleapi/SWE-bench_Pro-os",
      "Only the public set is downloadable; the held-out and commercial sets are evaluated by Scale AI.",
    ),
    verifier: "swe-bench-pro-tests",
    text: {
      what_it_measures: "Sustained engineering on changes a professional might need hours or days for: features and fixes spanning several files, in repositories of business applications, B2B services and developer tools.",
      how_it_works:
        "Tasks come from consecutive commits of actively maintained repositories, rewritten by humans into clear problem statements with requirements. The agent works in a container; the verifier runs the task's tests. " +
        "The public set uses copyleft (GPL) repositories, which discourages their inclusion in training data; held-out and commercial (private startup code) sets are not released.",
      strengths: [
        "Much harder than SWE-bench Verified, with substantial multi-file patches.",
        "Contamination resistance by licence choice and private sets.",
        "Covers several languages and application domains.",
      ],
      limitations: [...SWE_TEXT_LIMITS, "Only the public set can be run outside Scale AI, so local scores are not the published leaderboard."],
      when_to_use: "Pick it when SWE-bench Verified no longer separates the agents you compare, or to test long-horizon work.",
      use_cases: ["Autonomous engineering agents for product teams", "Evaluating long-context and planning improvements in coding agents"],
    },
    requirements: ["Docker (or equivalent) on the runner; the task images are published alongside the dataset."],
    references: [{ title: "SWE-Bench Pro: Can AI Agents Solve Long-Horizon Software Engineering Tasks? (Deng et al., 2025)", url: "https://arxiv.org/abs/2509.16941" }],
  }),
  agent({
    id: "bm_terminal_bench_2",
    name: "Terminal-Bench 2.0",
    description: "Hard, realistic tasks an agent must complete in a Linux terminal: building, configuring, debugging, securing.",
    data: external("https://github.com/laude-institute/terminal-bench and the Harbor registry (dataset terminal-bench@2.0)", "Each task is a directory with an instruction, a container environment, a reference solution and tests."),
    verifier: "task-tests",
    text: {
      what_it_measures: "Competence as an autonomous shell user: compiling and packaging software, system administration, data wrangling, security puzzles and scientific computing, judged by the state the agent leaves behind.",
      how_it_works:
        "The agent gets a task instruction and a shell in the task's container. When it stops, the task's test script checks the end state (files produced, services running, outputs correct). " +
        "Tasks were hand-written and checked to be solvable; version 2.0 is run through the Harbor harness.",
      strengths: [
        "Outcome-based: any sequence of commands that reaches the right state counts.",
        "Covers skills far beyond code editing (tooling, networking, systems).",
        "Hard enough to separate frontier agents.",
      ],
      limitations: [
        "Under a hundred tasks, so scores move by several points per task.",
        "Depends on the agent harness and its time limits.",
        "Containers and long trajectories make runs slow and costly.",
      ],
      when_to_use: "Pick it for agents that operate machines: DevOps helpers, CLI coding agents, data-engineering agents.",
      use_cases: ["CLI coding agents", "DevOps and SRE assistants", "Data pipeline agents"],
    },
    requirements: ["The runner needs the Harbor harness (or an equivalent) with Docker to run each task's container and tests."],
    references: [
      { title: "Terminal-Bench", url: "https://www.tbench.ai" },
      { title: "Harbor", url: "https://harborframework.com" },
    ],
  }),
  agent({
    id: "bm_tau_bench",
    name: "TAU-Bench",
    description: "Customer-service agents talk to a simulated user and use tools under a written policy; the final database state decides.",
    data: external("https://github.com/sierra-research/tau-bench (and tau2-bench)", "Domains with their tools, policies, databases and user-simulation instructions.", "MIT"),
    verifier: "database-state",
    text: {
      what_it_measures:
        "Tool use in a conversation with rules: understanding what a (simulated) customer wants, following the domain policy (what may be changed, refunded or rebooked), calling the right tools with the right arguments, and ending with the correct database state.",
      how_it_works:
        "A language model plays the customer from a hidden instruction; the agent under test talks with it and calls domain tools (retail orders, airline bookings). When the conversation ends, the database is compared with the goal state; reward 1 on a match. " +
        "Because users vary, the benchmark reports pass^k — the chance that all k attempts at a task succeed — which Assay computes from a run with k attempts.",
      strengths: [
        "Tests reliability (pass^k), not just occasional success.",
        "Combines dialogue, policy adherence and tool calling, as real support work does.",
        "Objective end-state check.",
      ],
      limitations: [
        "The simulated user is itself a model and sometimes misbehaves; results depend on which model plays it.",
        "Few domains, with narrow tool sets.",
        "Some tasks have ambiguities that make perfect scores impossible.",
      ],
      when_to_use: "Pick it for support and operations agents that act on customer records under company rules.",
      use_cases: ["Customer-support agents", "Booking and order-management assistants", "Any agent bound by a written policy"],
    },
    subsets: ["retail", "airline"],
    requirements: ["A user-simulator model configured on the runner, besides the agent's model."],
    references: [{ title: "τ-bench: A Benchmark for Tool-Agent-User Interaction in Real-World Domains (Yao et al., 2024)", url: "https://arxiv.org/abs/2406.12045" }],
  }),
  BFCL_V4,
  agent({
    id: "bm_mcp_atlas",
    name: "MCP-Atlas",
    description: "Multi-step tasks across real MCP servers, where the agent must find the right tools itself; scored by claims in its answer.",
    data: external("https://github.com/scaleapi/mcp-atlas", "A public subset of the tasks with their claim lists and a containerised harness of the MCP servers; the rest is held out for Scale AI's leaderboard."),
    verifier: "claims-rubric",
    text: {
      what_it_measures:
        "Tool discovery and orchestration over the Model Context Protocol: picking relevant tools among many (including plausible distractors) across several real MCP servers, calling them with correct parameters, recovering from errors and synthesising a grounded answer.",
      how_it_works:
        "Prompts describe a goal without naming servers or tools; solving one typically takes several tool calls across servers. The final answer is checked against a list of atomic factual claims grounded in the tools' outputs, giving partial credit per claim; a task counts as passed above a coverage threshold.",
      strengths: [
        "Real MCP servers, not mocks, so latency, errors and messy outputs are part of the test.",
        "Answer-centred scoring accepts any valid tool path.",
        "Diagnostics separate tool-call mistakes from reasoning and synthesis mistakes.",
      ],
      limitations: [
        "Claim checking uses a model-based evaluator, with its own error rate.",
        "Live services can change their data over time, shifting answers.",
        "Needs the full server harness running next to the runner.",
      ],
      when_to_use: "Pick it for agents that connect to many MCP servers and must choose tools on their own.",
      use_cases: ["General MCP-based assistants", "Enterprise agents with large tool catalogues", "Research agents combining several data sources"],
    },
    requirements: ["The MCP-Atlas server harness (containers) reachable from the runner, plus any API keys those servers need."],
    references: [{ title: "MCP-Atlas: A Large-Scale Benchmark for Tool-Use Competency with Real MCP Servers (Scale AI, 2026)", url: "https://arxiv.org/abs/2602.00933" }],
  }),
  agent({
    id: "bm_mcpmark",
    name: "MCPMark",
    description: "Realistic create-read-update-delete work through MCP on Notion, GitHub, the filesystem, PostgreSQL and a browser, verified by scripts.",
    data: external("https://github.com/eval-sys/mcpmark", "Tasks per service with an initial state to set up and a verification script; the Notion tasks start from template pages."),
    verifier: "task-verify-script",
    text: {
      what_it_measures:
        "Thorough, stateful use of real services through MCP: not just reading but creating and changing pages, repositories, files and database rows correctly, over long tool-calling sessions.",
      how_it_works:
        "Before each task the runner puts the service into the task's initial state (duplicating Notion templates, creating a GitHub repository, seeding a database). The agent works through the service's MCP server; afterwards the task's verification script inspects the real state and decides pass or fail. " +
        "Environments are isolated per task so attempts do not see each other's changes. Services are the subsets.",
      strengths: [
        "Verifies the actual end state in real services, so partial or cosmetic work fails.",
        "Exercises write operations, which read-only tool benchmarks skip.",
        "Five services with very different tools and data models.",
      ],
      limitations: [
        "Needs real accounts and credentials for Notion and GitHub, and a PostgreSQL server; setup is the heaviest in the catalog.",
        "Service API changes and rate limits can fail tasks for reasons outside the agent.",
        "Long sessions make runs slow and costly.",
      ],
      when_to_use: "Pick it for agents that will operate your team's real tools (docs, repositories, databases) and must leave them in the right state.",
      use_cases: ["Workspace and knowledge-base agents", "Repository maintenance bots", "Database operations assistants", "Browser automation agents"],
    },
    subsets: ["notion", "github", "filesystem", "postgres", "playwright"],
    credentials: [
      { service: "notion", description: "Notion internal-integration tokens: one with access to the source hub holding the task templates, one with full access to the evaluation hub page the tasks are copied into." },
      { service: "github", description: "A GitHub personal access token (several can be given for round-robin use) allowed to create and delete repositories in a dedicated evaluation organisation, and that organisation's name." },
      { service: "postgres", description: "Host, port, database, user name and password of a PostgreSQL server the runner may reset and seed for each task." },
    ],
    requirements: ["The filesystem and Playwright tasks run locally on the runner (a browser installed for Playwright); the other services need the credentials listed."],
    references: [
      { title: "MCPMark: A Benchmark for Stress-Testing Realistic and Comprehensive MCP Use (2025)", url: "https://arxiv.org/abs/2509.24002" },
      { title: "mcpmark.ai", url: "https://mcpmark.ai" },
    ],
  }),
  agent({
    id: "bm_tool_decathlon",
    name: "Tool Decathlon",
    description: "Toolathlon: long, multi-app tasks across dozens of real applications, each checked by its own evaluation script.",
    data: external("https://github.com/hkust-nlp/Toolathlon", "Tasks with initial environment states, MCP server configurations and evaluation scripts; several applications run in local containers."),
    verifier: "task-eval-script",
    text: {
      what_it_measures:
        "Execution of realistic workflows that cross applications — e-mail with calendars and files, a shop back office, course management, cloud and database consoles — over many tool calls, starting from realistic, populated states.",
      how_it_works:
        "Each task sets up its applications in a realistic initial state and gives a short, often loosely worded instruction. The agent works through MCP-based tools (on the order of twenty turns per task); " +
        "when it stops, a dedicated script checks the resulting state. Reward 1 only if the check passes.",
      strengths: [
        "Diversity: many applications and hundreds of tools in one suite.",
        "Populated initial states make tasks realistic rather than toy.",
        "Execution-based checks with no judge.",
      ],
      limitations: [
        "Heavy setup: containers for many applications plus some remote services.",
        "About a hundred tasks, so per-application scores are thin.",
        "Long trajectories make each attempt slow and costly.",
      ],
      when_to_use: "Pick it for general-purpose work agents expected to operate several business applications end to end.",
      use_cases: ["Office and operations agents", "E-commerce back-office automation", "IT administration agents"],
    },
    requirements: ["The Toolathlon environment (containers for the local applications and the MCP servers) next to the runner, plus accounts for any remote services it uses."],
    references: [{ title: "The Tool Decathlon: Benchmarking Language Agents for Diverse, Realistic, and Long-Horizon Task Execution (Li et al., 2025)", url: "https://arxiv.org/abs/2510.25726" }],
  }),
  agent({
    id: "bm_deep_planning",
    name: "DeepPlanning",
    description: "Long-horizon planning under hard constraints: multi-day travel itineraries and multi-item shopping plans built from tool lookups.",
    data: external("https://qwenlm.github.io/Qwen-Agent/en/benchmarks/deepplanning (code and data in the Qwen-Agent project)", "Travel-planning tasks in Chinese and English and shopping tasks in English, each with an offline sandbox database and rule-based checkers."),
    verifier: "constraint-checker",
    text: {
      what_it_measures:
        "Planning as constrained optimisation: gathering the facts a plan depends on through tools (opening hours, availability, prices), respecting local constraints on each step, and meeting global budgets of time and money across the whole plan.",
      how_it_works:
        "The agent gets a request (destination, dates, budget, preferences, or a shopping list) and specialised APIs over a sandboxed database. It must return a complete plan — a minute-level itinerary with costs, or an optimised basket. " +
        "Rule-based checkers verify every constraint, so the score reflects whether the plan is actually feasible and within budget. Domains are the subsets.",
      strengths: [
        "Tests global consistency, where step-by-step tool use alone is not enough.",
        "Deterministic, rule-based checking in an offline sandbox: reproducible.",
        "Hard for current agents, so it separates them.",
      ],
      limitations: [
        "Two domains only (travel and shopping).",
        "Strict all-constraints scoring can hide partial competence.",
        "Large per-task databases make attempts long.",
      ],
      when_to_use: "Pick it for assistants that must produce complete plans or schedules under budgets, not just answer questions.",
      use_cases: ["Travel assistants", "Shopping and procurement agents", "Scheduling and logistics planners"],
    },
    subsets: ["travel", "shopping"],
    requirements: ["The DeepPlanning sandbox (databases and APIs) on the runner."],
    references: [{ title: "DeepPlanning: Benchmarking Long-Horizon Agentic Planning with Verifiable Constraints (Zhang et al., 2026)", url: "https://arxiv.org/abs/2601.18137" }],
  }),
  agent({
    id: "bm_widesearch",
    name: "WideSearch",
    description: "Broad web information gathering: collect many facts about many entities into one complete, correct table.",
    data: external("https://widesearch-seed.github.io (tasks and gold tables released by ByteDance Seed)", "200 tasks, half in English and half in Chinese, each with a gold table."),
    verifier: "table-match",
    text: {
      what_it_measures:
        "Exhaustive, faithful information collection at scale: the tedious kind of search where the difficulty is completeness and accuracy across hundreds of cells rather than finding one hidden fact.",
      how_it_works:
        "Each task asks for a table (e.g. a metric for every company in a sector) with defined columns. The agent searches the web and returns the table; it is aligned to the gold table by its key column and compared item by item. " +
        "A task succeeds only if the whole table is right; row- and item-level F1 give partial credit in the structured result.",
      strengths: [
        "Targets a real, common workload (wide research) other benchmarks ignore.",
        "Objective, cell-level verification.",
        "Success rates are low, leaving plenty of headroom.",
      ],
      limitations: [
        "Depends on the live web; pages change and answers can drift.",
        "All-or-nothing task success is harsh; look at the F1 figures too.",
        "Needs a search and browsing backend on the runner.",
      ],
      when_to_use: "Pick it for research agents that compile lists, comparisons or datasets from the web.",
      use_cases: ["Market and competitor research agents", "Lead and list building", "Data collection assistants"],
    },
    subsets: ["en", "zh"],
    requirements: ["Web search and page-fetching tools for the agent on the runner."],
    references: [{ title: "WideSearch: Benchmarking Agentic Broad Info-Seeking (Wong et al., 2025)", url: "https://arxiv.org/abs/2508.07999" }],
  }),
  agent({
    id: "bm_vita_bench",
    name: "VITA-Bench",
    description: "Life-service agents (food delivery, in-store consumption, online travel) juggling many tools and a changing user over multi-turn conversations.",
    data: external("https://vitabench.github.io (code, dataset and leaderboard)", "Single-scenario and cross-scenario tasks with their environments, user profiles and rubrics."),
    verifier: "rubric-sliding-window",
    text: {
      what_it_measures:
        "Versatile interactive work in everyday service apps: reasoning over time and place, navigating a large interconnected tool set, asking for clarification when a request is ambiguous and tracking a user whose intent shifts during the conversation.",
      how_it_works:
        "Tasks are derived from real user requests in three domains (and cross-domain combinations). A simulated user converses with the agent, which acts through the domain tools; a rubric-based evaluator reads the long trajectory in sliding windows and checks each rubric item. " +
        "Domains (and the cross-scenario set, which is the main result) are the subsets.",
      strengths: [
        "Realistic service scenarios with large tool graphs and databases.",
        "Cross-scenario tasks test composition across apps.",
        "Rubrics credit the many valid ways to satisfy a request.",
      ],
      limitations: [
        "Rubric evaluation and the user simulator are model-based, so both add noise.",
        "Focused on consumer services from one region's apps.",
        "Long multi-turn episodes are slow and costly.",
      ],
      when_to_use: "Pick it for consumer-facing agents that book, order and plan for users in conversation.",
      use_cases: ["Food-delivery and local-services assistants", "Travel booking agents", "Super-app concierge agents"],
    },
    subsets: ["delivery", "in_store", "travel", "cross_scenario"],
    requirements: ["A user-simulator model and the rubric evaluator configured on the runner."],
    references: [{ title: "VitaBench: Benchmarking LLM Agents with Versatile Interactive Tasks in Real-world Applications (Meituan LongCat Team, 2025)", url: "https://arxiv.org/abs/2509.26490" }],
  }),
];
