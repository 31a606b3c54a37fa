"""Deterministic bilingual sites for the scale benchmark (bench/scale.py).

`generate(dest, n, variant=...)` writes a Material + mkdocs-static-i18n site (suffix structure,
English default, Japanese) with `n` articles, each as `articles/a0001.md` and
`articles/a0001.ja.md`. Everything comes from one seeded `random.Random` and fixed word lists: the
same `n` and `seed` give byte-identical Markdown, whatever the variant, and nothing is fetched.

- Tags: T = max(10, n // 10), drawn Zipf-like (weight 1 / rank**1.1): a few tags on many pages and
  a long tail. The head includes Japanese tags (強化学習, 推論) and tags that are awkward to slug
  (`C++`, `C`, `LLM/Serving`). Each article has 1–5; both languages of an article share them.
- Front matter: title, summary, category, member (~25 % true), type (paper / tutorial / explainer
  / news), tags, audience ([students], [professional] or both), date.
- Bodies: 800–4,000 English words or 2,000–8,000 Japanese characters, in `##` sections of
  paragraphs, with one fenced code block.

Variants differ only in mkdocs.yml and the index / listing pages:

- `plain`: plugins [search, i18n];
- `material-tags`: + Material's `tags` plugin and a listing page `tags.md` / `tags.ja.md`
  holding `<!-- material/tags -->`;
- `tagindex`: + the `tagindex` plugin with `audiences` configured.

Run: .venv/bin/python bench/sitegen.py DEST --n 200 --variant tagindex
"""

from __future__ import annotations

import argparse
import datetime as dt
import itertools
import json
import random
import shutil
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

VARIANTS = ("plain", "material-tags", "tagindex")

# Tags at the head of the Zipf distribution, most used first. The awkward ones sit early enough
# to be on many pages at every size: `C++` and `C` share a slug, `LLM/Serving` has a slash.
HEAD_TAGS = (
    "llm",
    "強化学習",
    "transformers",
    "推論",
    "evaluation",
    "C++",
    "LLM/Serving",
    "agents",
    "rlhf",
    "C",
    "データセット",
    "grpo",
    "diffusion",
    "量子化",
    "speech",
    "vision",
    "retrieval",
    "分散学習",
    "benchmarks",
    "safety",
)
TAG_FIRST = (
    "sparse", "causal", "robust", "federated", "offline", "online", "multimodal", "continual",
    "contrastive", "efficient", "neural", "bayesian", "graph", "streaming", "quantized", "mixed",
    "hierarchical", "adaptive", "private", "self-supervised", "low-rank", "multilingual",
)  # fmt: skip
TAG_SECOND = (
    "attention", "decoding", "planning", "retrieval", "search", "optimization", "tokenizers",
    "embeddings", "pruning", "distillation", "alignment", "memory", "scheduling", "caching",
    "inference", "fine-tuning", "sampling", "rewards", "kernels", "compilers", "datasets",
)  # fmt: skip
JA_TAG_FIRST = ("分散", "確率", "因果", "対照", "自己", "多言語", "低ランク", "連続", "適応", "疎")
JA_TAG_SECOND = ("推論", "学習", "探索", "評価", "最適化", "蒸留", "圧縮", "生成", "検索", "計画")

CATEGORIES = (
    ("Training & Alignment", "学習とアラインメント"),
    ("Agents", "エージェント"),
    ("Serving", "推論基盤"),
    ("Evaluation", "評価"),
    ("Speech", "音声"),
    ("Vision", "画像"),
    ("Theory", "理論"),
    ("Tooling", "ツール"),
)
TYPES = ("paper", "tutorial", "explainer", "news")
TYPE_WEIGHTS = (3, 3, 3, 1)
AUDIENCES = (["students"], ["professional"], ["students", "professional"])
TAG_COUNTS = (1, 2, 3, 4, 5)
TAG_COUNT_WEIGHTS = (15, 25, 30, 20, 10)
ZIPF_EXPONENT = 1.1
FIRST_DATE = dt.date(2022, 1, 1)
DATE_SPAN_DAYS = 5 * 365

EN_TEXT = """
    the a an of to in for on with by from as at that this these those it its is are was were be
    been has have had can could will would may might should must not no more most less each every
    some many few all both either which what when where how why because while although however
    model models training data dataset loss gradient policy reward value function network layer
    layers attention token tokens sequence batch step steps learning rate optimizer memory cache
    kernel latency throughput server request requests queue scheduler accuracy benchmark metric
    evaluation baseline experiment result results paper method methods approach idea problem
    solution system systems agent agents tool tools environment action actions state states
    sample samples distribution probability estimate variance bias error errors signal noise
    feature features representation embedding embeddings vector matrix weight weights parameter
    parameters inference decoding search beam greedy temperature prompt prompts context window
    length size scale scaling compute budget cost time hardware GPU GPUs CPU cluster node nodes
    student students engineer engineers reader readers example examples figure table section
    simple simpler careful clear small large larger fast faster slow slower stable unstable
    useful common rare different similar same new old first second final early late better
    worse good bad high low long short hard easy real synthetic robust fragile efficient exact
    approximate practical theoretical useful important surprising obvious subtle
    train trains trained compute computes computed measure measures measured compare compares
    compared improve improves improved reduce reduces reduced increase increases increased
    learn learns learned update updates updated sample samples sampled return returns returned
    read reads write writes run runs ran build builds built store stores stored load loads
    loaded show shows showed explain explains explained use uses used need needs needed
    keep keeps kept change changes changed find finds found give gives gave take takes took
    make makes made work works worked fail fails failed hold holds held matter matters
    PPO GRPO DPO RLHF KV LoRA FP8 CUDA Transformer Adam SGD BLEU ROUGE
"""
EN_WORDS = tuple(dict.fromkeys(EN_TEXT.split()))
EN_HEADINGS = (
    "Background", "Why it matters", "The setup", "A worked example", "What goes wrong",
    "Measuring it", "Scaling up", "Trade-offs", "Related work", "In practice", "Limitations",
    "Takeaways", "Implementation notes", "Results", "Open questions", "A closer look",
)  # fmt: skip
EN_TITLE_LEAD = (
    "Understanding", "A Gentle Introduction to", "Paper Walkthrough:", "Notes on",
    "What We Learned From", "Debugging", "Scaling", "Rethinking", "A Practical Guide to",
)  # fmt: skip

JA_TEXT = """
    モデル 学習 データ 損失 勾配 方策 報酬 価値 関数 層 注意機構 トークン 系列 バッチ 学習率
    最適化 メモリ キャッシュ 遅延 スループット サーバー 要求 評価 指標 実験 結果 論文 手法
    問題 解決 仕組み エージェント ツール 環境 行動 状態 分布 確率 分散 偏り 誤差 特徴 表現
    埋め込み 行列 重み パラメータ 推論 探索 温度 文脈 長さ 規模 計算量 予算 時間 学生 読者
    技術者 例 図 表 節 基礎 応用 理論 実装 直感 前提 仮定 限界 改善 比較 検証 設計
"""
JA_WORDS = tuple(dict.fromkeys(JA_TEXT.split()))
JA_PARTICLES = ("は", "が", "を", "に", "で", "と", "の", "から", "まで", "より", "も")
JA_ENDINGS = (
    "です。", "ます。", "できます。", "なります。", "あります。", "考えられます。",
    "見ていきます。", "重要です。", "示しています。", "変わります。", "必要です。", "分かります。",
)  # fmt: skip
JA_CONNECTORS = ("しかし、", "そのため、", "つまり、", "一方で、", "たとえば、", "まず、", "次に、")
JA_LATIN = ("GRPO", "PPO", "DPO", "KV", "LoRA", "GPU", "Transformer", "API", "FP8", "CUDA")
JA_HEADINGS = (
    "背景", "なぜ重要か", "設定", "具体例", "うまくいかない点", "測り方", "規模を大きくする",
    "トレードオフ", "関連研究", "実際には", "限界", "まとめ", "実装のメモ", "結果", "未解決の問題",
)  # fmt: skip
JA_TITLE_TAIL = ("入門", "を理解する", "の論文解説", "の落とし穴", "を測る", "の実装メモ", "再考")

CODE_LINES = (
    "import torch",
    "from dataclasses import dataclass",
    "",
    "@dataclass",
    "class Config:",
    "    lr: float = 3e-4",
    "    batch_size: int = 64",
    "",
    "def step(model, batch, optimizer):",
    "    # 損失を計算して一歩進める",
    "    loss = model(batch).mean()",
    "    loss.backward()",
    "    optimizer.step()",
    "    optimizer.zero_grad()",
    "    return loss.item()",
    "",
    "for epoch in range(10):",
    "    for batch in loader:",
    "        print(epoch, step(model, batch, optimizer))",
)


@dataclass(frozen=True)
class Article:
    """One article: the same front matter fields in both languages, texts apart."""

    stem: str
    title_en: str
    title_ja: str
    summary_en: str
    summary_ja: str
    category: int
    member: bool
    type: str
    tags: tuple[str, ...]
    audience: list[str]
    date: dt.date


def make_tags(rng: random.Random, count: int) -> list[str]:
    """`count` distinct tag names, most used first: the fixed head, then a generated tail."""
    names = list(HEAD_TAGS[:count])
    seen = {name.casefold() for name in names}
    while len(names) < count:
        if rng.random() < 0.25:
            name = rng.choice(JA_TAG_FIRST) + rng.choice(JA_TAG_SECOND)
        else:
            name = f"{rng.choice(TAG_FIRST)}-{rng.choice(TAG_SECOND)}"
        if name.casefold() in seen:
            name = f"{name}-{len(names)}"
        seen.add(name.casefold())
        names.append(name)
    return names


def pick_tags(rng: random.Random, tags: Sequence[str], cum_weights: Sequence[float]) -> list[str]:
    """1–5 distinct tags, each drawn Zipf-like."""
    want = rng.choices(TAG_COUNTS, TAG_COUNT_WEIGHTS)[0]
    chosen: list[str] = []
    while len(chosen) < want:
        tag = rng.choices(tags, cum_weights=cum_weights)[0]
        if tag not in chosen:
            chosen.append(tag)
    return chosen


def en_sentence(rng: random.Random, words: int) -> str:
    text = " ".join(rng.choices(EN_WORDS, k=words))
    return text[0].upper() + text[1:] + "."


def en_body(rng: random.Random) -> str:
    """800–4,000 words in `##` sections of paragraphs, with one fenced code block."""
    target = rng.randint(800, 4000)
    code_after = rng.randint(1, 3)
    parts: list[str] = []
    words = 0
    section = 0
    while words < target:
        parts.append(f"## {rng.choice(EN_HEADINGS)} {section + 1}")
        for _ in range(rng.randint(2, 5)):
            if words >= target:
                break
            sentences = []
            for _ in range(rng.randint(3, 7)):
                if words >= target:
                    break
                length = min(rng.randint(8, 22), max(target - words, 3))
                sentences.append(en_sentence(rng, length))
                words += length
            parts.append(" ".join(sentences))
        if section == code_after:
            parts.append(code_block(rng))
        section += 1
    if section <= code_after:
        parts.append(code_block(rng))
    return "\n\n".join(parts) + "\n"


def ja_sentence(rng: random.Random) -> str:
    clauses = rng.randint(2, 5)
    text = rng.choice(JA_CONNECTORS) if rng.random() < 0.3 else ""
    for i in range(clauses):
        word = rng.choice(JA_LATIN) if rng.random() < 0.08 else rng.choice(JA_WORDS)
        text += word + rng.choice(JA_PARTICLES)
        if i < clauses - 1 and rng.random() < 0.3:
            text += "、"
    return text + rng.choice(JA_WORDS) + rng.choice(JA_ENDINGS)


def ja_body(rng: random.Random) -> str:
    """2,000–8,000 characters in `##` sections of paragraphs, with one fenced code block."""
    target = rng.randint(2000, 8000)
    code_after = rng.randint(1, 3)
    parts: list[str] = []
    chars = 0
    section = 0
    while chars < target:
        parts.append(f"## {rng.choice(JA_HEADINGS)} {section + 1}")
        for _ in range(rng.randint(2, 5)):
            if chars >= target:
                break
            paragraph = "".join(ja_sentence(rng) for _ in range(rng.randint(3, 8)))
            chars += len(paragraph)
            parts.append(paragraph)
        if section == code_after:
            parts.append(code_block(rng))
        section += 1
    if section <= code_after:
        parts.append(code_block(rng))
    return "\n\n".join(parts) + "\n"


def code_block(rng: random.Random) -> str:
    start = rng.randint(0, 8)
    lines = CODE_LINES[start : start + rng.randint(6, 12)]
    return "```python\n" + "\n".join(lines) + "\n```"


def make_article(
    rng: random.Random, index: int, tags: Sequence[str], cum_weights: Sequence[float]
) -> Article:
    topic = " ".join(rng.choices(EN_WORDS[60:], k=rng.randint(2, 4))).title()
    ja_topic = "".join(rng.choices(JA_WORDS, k=rng.randint(2, 3)))
    return Article(
        stem=f"a{index:05d}",
        title_en=f"{rng.choice(EN_TITLE_LEAD)} {topic}",
        title_ja=f"{ja_topic}{rng.choice(JA_TITLE_TAIL)}",
        summary_en=en_sentence(rng, rng.randint(18, 35)),
        summary_ja="".join(ja_sentence(rng) for _ in range(2)),
        category=rng.randrange(len(CATEGORIES)),
        member=rng.random() < 0.25,
        type=rng.choices(TYPES, TYPE_WEIGHTS)[0],
        tags=tuple(pick_tags(rng, tags, cum_weights)),
        audience=rng.choice(AUDIENCES),
        date=FIRST_DATE + dt.timedelta(days=rng.randrange(DATE_SPAN_DAYS)),
    )


def front_matter(article: Article, lang: str) -> str:
    def q(value: object) -> str:  # JSON is YAML: quoted strings, flow lists
        return json.dumps(value, ensure_ascii=False)

    en = lang == "en"
    return "\n".join(
        [
            "---",
            f"title: {q(article.title_en if en else article.title_ja)}",
            f"summary: {q(article.summary_en if en else article.summary_ja)}",
            f"category: {q(CATEGORIES[article.category][0 if en else 1])}",
            f"member: {q(article.member)}",
            f"type: {article.type}",
            f"tags: {q(list(article.tags))}",
            f"audience: {q(article.audience)}",
            f"date: {article.date.isoformat()}",
            "---",
            "",
        ]
    )


def write_articles(docs: Path, n: int, seed: int) -> None:
    rng = random.Random(seed)
    tags = make_tags(rng, max(10, n // 10))
    weights = [1 / (rank + 1) ** ZIPF_EXPONENT for rank in range(len(tags))]
    cum_weights = list(itertools.accumulate(weights))
    folder = docs / "articles"
    folder.mkdir(parents=True)
    for index in range(1, n + 1):
        article = make_article(rng, index, tags, cum_weights)
        en = f"{front_matter(article, 'en')}\n# {article.title_en}\n\n{en_body(rng)}"
        ja = f"{front_matter(article, 'ja')}\n# {article.title_ja}\n\n{ja_body(rng)}"
        (folder / f"{article.stem}.md").write_text(en, "utf-8")
        (folder / f"{article.stem}.ja.md").write_text(ja, "utf-8")


def mkdocs_yml(variant: str, n: int, *, search_merge: bool = True) -> str:
    merge = "" if search_merge else "      reconfigure_search: false\n"
    plugins = f"""\
  - search
  - i18n:
      docs_structure: suffix
      fallback_to_default: true
      reconfigure_material: true
{merge}      languages:
        - {{locale: en, default: true, name: English, build: true}}
        - {{locale: ja, name: 日本語, build: true, site_name: スケールベンチ}}
"""
    if variant == "material-tags":
        plugins += "  - tags\n"
    elif variant == "tagindex":
        plugins += """\
  - tagindex:
      audiences:
        students: {en: Students, ja: 学生向け}
        professional: {en: Professional, ja: 実務者向け}
"""
    return f"""\
# Generated by bench/sitegen.py ({variant}, {n} articles); edit the generator, not this file.
site_name: Scale bench
site_url: https://bench.example.com/
docs_dir: docs

theme:
  name: material
  language: en

plugins:
{plugins}
markdown_extensions:
  - admonition
  - attr_list
  - toc:
      permalink: true
  - pymdownx.highlight
  - pymdownx.superfences
"""


def index_pages(variant: str, n: int) -> dict[str, str]:
    link_en = link_ja = ""
    if variant == "tagindex":
        link_en, link_ja = "[All tags](tags/index.md)\n", "[すべてのタグ](tags/index.md)\n"
    elif variant == "material-tags":
        link_en, link_ja = "[All tags](tags.md)\n", "[すべてのタグ](tags.md)\n"
    pages = {
        "index.md": f"# Scale bench\n\nA generated site of {n} articles.\n\n{link_en}",
        "index.ja.md": f"# スケールベンチ\n\n{n}本の記事からなる生成サイトです。\n\n{link_ja}",
    }
    if variant == "material-tags":
        pages["tags.md"] = "# Tags\n\n<!-- material/tags -->\n"
        pages["tags.ja.md"] = "# タグ\n\n<!-- material/tags -->\n"
    return pages


def generate(dest: Path, n: int, *, seed: int = 0, variant: str, search_merge: bool = True) -> None:
    """Write the site into `dest` (mkdocs.yml and docs/); an existing docs/ is replaced.
    `search_merge=False` sets static-i18n's `reconfigure_search: false` (its merge of the search
    indexes is quadratic in pages: 25 minutes at N = 4,000)."""
    if variant not in VARIANTS:
        raise ValueError(f"variant must be one of {', '.join(VARIANTS)}, not {variant!r}")
    if n < 1:
        raise ValueError(f"n must be at least 1, not {n}")
    docs = dest / "docs"
    if docs.exists():
        shutil.rmtree(docs)
    docs.mkdir(parents=True)
    write_articles(docs, n, seed)  # the only RNG use: the same for every variant
    for name, text in index_pages(variant, n).items():
        (docs / name).write_text(text, "utf-8")
    (dest / "mkdocs.yml").write_text(mkdocs_yml(variant, n, search_merge=search_merge), "utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("dest", type=Path)
    parser.add_argument("--n", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--variant", choices=VARIANTS, default="tagindex")
    args = parser.parse_args()
    start = time.perf_counter()
    generate(args.dest, args.n, seed=args.seed, variant=args.variant)
    print(f"{args.variant}, {args.n} articles: {time.perf_counter() - start:.2f} s → {args.dest}")


if __name__ == "__main__":
    main()
