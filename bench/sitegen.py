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

Profiles (`--profile`): the above is `zipf`, the default. `longtail` (issue 25) is a site where
tags outnumber the tagged pages and most tags sit on one or two of them. It deals out a fixed
number of tag uses: a few common tags (the zipf head, Zipf among themselves) take a share, every
other tag is used once, and the remaining uses go to random tail tags, at most three each. Every
language of a page has the same tags. Two shapes (`--languages`):

- `2`: en + ja, N = 1,000 articles in `articles/` (suffix layout, as `zipf`), every one tagged
  with 1–4 tags (mean 2.5), 1.2 × N distinct tags (20 % of the uses on 20 common ones); the zipf
  profile's bodies;
- `7`: a documentation site in seven languages (en default, ja, de, fr, es, zh, ko: Material's
  codes, static-i18n's suffix layout), 165 pages per language in eight section folders, half of
  them tagged with 3–5 tags, 260 distinct tags (15 % of the uses on 5 common ones); bodies of a
  documentation page: 400–1,800 words in en and de, 450–2,000 in fr and es (from small word
  lists), 1,000–4,500 characters in ja, 600–2,700 in zh, 900–4,000 in ko (sentences from small
  word lists, particles and endings).

Run: .venv/bin/python bench/sitegen.py DEST --n 200 --variant tagindex
     .venv/bin/python bench/sitegen.py DEST --profile longtail --languages 7 --variant plain
"""

from __future__ import annotations

import argparse
import collections
import datetime as dt
import itertools
import json
import random
import shutil
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

VARIANTS = ("plain", "material-tags", "tagindex")
FLOOR = "floor"
"""The plain site plus one trivial authored page at every path where tagindex would generate a
page (not in the nav, as tagindex's are not): what any extra page costs there, whoever makes it.
Not one of VARIANTS (the scale tables); `bench/run.py` builds it once, phase by phase."""
PROFILES = ("zipf", "longtail")

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


def en_sentence(rng: random.Random, words: int, vocabulary: Sequence[str] = EN_WORDS) -> str:
    text = " ".join(rng.choices(vocabulary, k=words))
    return text[0].upper() + text[1:] + "."


def en_body(
    rng: random.Random,
    length: tuple[int, int] = (800, 4000),
    vocabulary: Sequence[str] = EN_WORDS,
    headings: Sequence[str] = EN_HEADINGS,
) -> str:
    """800–4,000 words (or `length`) in `##` sections of paragraphs, with one fenced code block.
    Other languages written in words (de, fr, es) pass their own `vocabulary` and `headings`."""
    target = rng.randint(*length)
    code_after = rng.randint(1, 3)
    parts: list[str] = []
    words = 0
    section = 0
    while words < target:
        parts.append(f"## {rng.choice(headings)} {section + 1}")
        for _ in range(rng.randint(2, 5)):
            if words >= target:
                break
            sentences = []
            for _ in range(rng.randint(3, 7)):
                if words >= target:
                    break
                length = min(rng.randint(8, 22), max(target - words, 3))
                sentences.append(en_sentence(rng, length, vocabulary))
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


def ja_body(
    rng: random.Random,
    length: tuple[int, int] = (2000, 8000),
    sentence: Callable[[random.Random], str] = ja_sentence,
    headings: Sequence[str] = JA_HEADINGS,
) -> str:
    """2,000–8,000 characters (or `length`) in `##` sections of paragraphs, with one fenced code
    block. The other languages counted in characters (zh, ko) pass their own `sentence`."""
    target = rng.randint(*length)
    code_after = rng.randint(1, 3)
    parts: list[str] = []
    chars = 0
    section = 0
    while chars < target:
        parts.append(f"## {rng.choice(headings)} {section + 1}")
        for _ in range(rng.randint(2, 5)):
            if chars >= target:
                break
            paragraph = "".join(sentence(rng) for _ in range(rng.randint(3, 8)))
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


def q(value: object) -> str:
    """A YAML scalar or flow list: JSON is YAML (quoted strings, flow lists)."""
    return json.dumps(value, ensure_ascii=False)


def front_matter(article: Article, lang: str) -> str:
    en = lang == "en"
    return front_matter_text(
        title=article.title_en if en else article.title_ja,
        summary=article.summary_en if en else article.summary_ja,
        category=CATEGORIES[article.category][0 if en else 1],
        member=article.member,
        type_=article.type,
        tags=article.tags,
        audience=article.audience,
        date=article.date,
    )


def front_matter_text(
    *,
    title: str,
    summary: str,
    category: str,
    member: bool,
    type_: str,
    tags: Sequence[str],
    audience: list[str],
    date: dt.date,
) -> str:
    """The front matter of a page; no `tags:` line when `tags` is empty (an untagged page)."""
    return "\n".join(
        [
            "---",
            f"title: {q(title)}",
            f"summary: {q(summary)}",
            f"category: {q(category)}",
            f"member: {q(member)}",
            f"type: {type_}",
            *([f"tags: {q(list(tags))}"] if tags else []),
            f"audience: {q(audience)}",
            f"date: {date.isoformat()}",
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


# ---------------------------------------------------------------------------------------------
# The long-tail profile: tags outnumber the tagged pages and most tags sit on one or two of them.


@dataclass(frozen=True)
class Lang:
    """One language of the long-tail sites: its static-i18n entry and how its text is made."""

    code: str
    name: str
    site_name: str
    categories: tuple[str, ...]  # the eight categories, in CATEGORIES' order
    audiences: tuple[str, str]  # students, professional
    index: tuple[str, str, str]  # home page title, its sentence ({n} pages), "All tags"
    tags_title: str  # material-tags' listing page
    title: Callable[[random.Random], str]
    summary: Callable[[random.Random], str]
    body: Callable[[random.Random, tuple[int, int]], str]
    length: tuple[int, int]  # a documentation page's body: words, or characters for CJK


DE_TEXT = """
    der die das ein eine einen dem den des und oder aber mit ohne für von zu im am auf aus bei
    nach über unter vor wenn weil dass damit nicht kein keine auch nur noch schon sehr mehr
    wird werden wurde kann können muss müssen soll sollte ist sind war hat haben gibt
    Modell Daten Datei Dateien Seite Seiten Server Anfrage Anfragen Konfiguration Einstellung
    Benutzer Verzeichnis Befehl Ausgabe Eingabe Fehler Meldung Speicher Zwischenspeicher Leistung
    Schnittstelle Erweiterung Vorlage Beispiel Abschnitt Tabelle Wert Werte Schlüssel Umgebung
    Bereitstellung Sicherheit Berechtigung Anmeldung Sprache Übersetzung Suche Ergebnis Version
    schnell langsam einfach richtig falsch neu alt groß klein wichtig möglich nötig standardmäßig
    erstellen ändern prüfen laden speichern starten stoppen installieren aktualisieren öffnen
    verwenden benötigt enthält liefert beschreibt zeigt erzeugt unterstützt ersetzt
"""
FR_TEXT = """
    le la les un une des du de à au aux et ou mais avec sans pour par dans sur sous entre chez
    ne pas plus très aussi encore déjà bien tout tous toute chaque quand lorsque parce que qui
    est sont était a ont peut peuvent doit doivent faut sera seront fait font
    modèle données fichier fichiers page pages serveur requête requêtes configuration paramètre
    utilisateur répertoire commande sortie entrée erreur message mémoire cache performance
    interface extension gabarit exemple section tableau valeur valeurs clé environnement
    déploiement sécurité autorisation connexion langue traduction recherche résultat version
    rapide lent simple correct faux nouveau ancien grand petit important possible nécessaire
    créer modifier vérifier charger enregistrer démarrer arrêter installer mettre à jour ouvrir
    utilise contient renvoie décrit affiche génère prend remplace prise en charge défaut
"""
ES_TEXT = """
    el la los las un una unos unas del de al a en y o pero con sin para por sobre entre desde
    no más muy también todavía ya bien todo todos cada cuando porque que cual donde como
    es son era fue tiene tienen puede pueden debe deben hay será hace hacen
    modelo datos archivo archivos página páginas servidor solicitud solicitudes configuración
    usuario directorio comando salida entrada error mensaje memoria caché rendimiento interfaz
    extensión plantilla ejemplo sección tabla valor valores clave entorno despliegue seguridad
    permiso sesión idioma traducción búsqueda resultado versión parámetro opción
    rápido lento sencillo correcto nuevo antiguo grande pequeño importante posible necesario
    crear cambiar comprobar cargar guardar iniciar detener instalar actualizar abrir
    usa contiene devuelve describe muestra genera admite reemplaza predeterminado
"""
ZH_TEXT = """
    模型 数据 文件 页面 服务器 请求 配置 参数 用户 目录 命令 输出 输入 错误 消息 内存 缓存
    性能 接口 扩展 模板 示例 章节 表格 数值 键 环境 部署 安全 权限 登录 语言 翻译 搜索 结果
    版本 选项 插件 主题 构建 站点 文档 标签 索引 导航 链接 图片 代码 函数 变量 对象 列表
    创建 修改 检查 加载 保存 启动 停止 安装 更新 打开 使用 包含 返回 描述 显示 生成 支持
    快速 简单 正确 新的 重要 可能 必要 默认 常见 基本 高级 本地 远程 自动 手动
"""
ZH_PARTICLES = ("的", "在", "和", "把", "对", "从", "为", "会", "可以", "需要", "将", "由")
ZH_ENDINGS = ("。", "。", "。", "了。", "即可。", "就可以了。", "。", "吗？")
ZH_CONNECTORS = ("但是，", "因此，", "也就是说，", "另一方面，", "例如，", "首先，", "然后，")
KO_TEXT = """
    모델 데이터 파일 페이지 서버 요청 설정 매개변수 사용자 디렉터리 명령 출력 입력 오류 메시지
    메모리 캐시 성능 인터페이스 확장 템플릿 예제 섹션 표 값 키 환경 배포 보안 권한 로그인
    언어 번역 검색 결과 버전 옵션 플러그인 테마 빌드 사이트 문서 태그 색인 탐색 링크 이미지
    코드 함수 변수 객체 목록 기본값 경로 주소 형식 구조 방법 단계 문제 해결 기능
"""
KO_PARTICLES = ("은", "는", "이", "가", "을", "를", "에", "에서", "으로", "와", "의", "도")
KO_ENDINGS = (
    "합니다.", "입니다.", "있습니다.", "됩니다.", "필요합니다.", "수 있습니다.", "보여 줍니다.",
    "확인합니다.", "사용합니다.", "만듭니다.",
)  # fmt: skip
KO_CONNECTORS = ("하지만 ", "따라서 ", "즉 ", "반면에 ", "예를 들어 ", "먼저 ", "다음으로 ")
CODE_WORDS = ("API", "CLI", "YAML", "JSON", "HTTP", "URL", "GPU", "Docker", "Python", "mkdocs")

DE_WORDS = tuple(dict.fromkeys(DE_TEXT.split()))
FR_WORDS = tuple(dict.fromkeys(FR_TEXT.split()))
ES_WORDS = tuple(dict.fromkeys(ES_TEXT.split()))
ZH_WORDS = tuple(dict.fromkeys(ZH_TEXT.split()))
KO_WORDS = tuple(dict.fromkeys(KO_TEXT.split()))

DE_HEADINGS = (
    "Überblick", "Voraussetzungen", "Installation", "Konfiguration", "Beispiel", "Fehlersuche",
    "Hinweise", "Einschränkungen", "Weiterführendes", "Zusammenfassung", "Details", "Optionen",
)  # fmt: skip
FR_HEADINGS = (
    "Présentation", "Prérequis", "Installation", "Configuration", "Exemple", "Dépannage",
    "Remarques", "Limites", "Pour aller plus loin", "Résumé", "Détails", "Options",
)  # fmt: skip
ES_HEADINGS = (
    "Descripción general", "Requisitos", "Instalación", "Configuración", "Ejemplo",
    "Solución de problemas", "Notas", "Limitaciones", "Más información", "Resumen", "Detalles",
)  # fmt: skip
ZH_HEADINGS = ("概述", "前提条件", "安装", "配置", "示例", "故障排除", "注意事项", "限制", "总结")
KO_HEADINGS = ("개요", "사전 요구 사항", "설치", "구성", "예제", "문제 해결", "참고", "제한 사항")

SECTIONS = (
    "getting-started", "guides", "concepts", "reference", "tutorials", "operations",
    "integrations", "faq",
)  # fmt: skip
"""The seven-language site's folders: a documentation site's sections, not one flat folder."""


def latin_title(leads: Sequence[str], vocabulary: Sequence[str]) -> Callable[[random.Random], str]:
    def title(rng: random.Random) -> str:
        topic = " ".join(w[0].upper() + w[1:] for w in rng.choices(vocabulary, k=rng.randint(2, 3)))
        return f"{rng.choice(leads)} {topic}"

    return title


def cjk_title(
    vocabulary: Sequence[str], tails: Sequence[str], sep: str = ""
) -> Callable[[random.Random], str]:
    def title(rng: random.Random) -> str:
        return sep.join(rng.choices(vocabulary, k=rng.randint(2, 3))) + rng.choice(tails)

    return title


def latin(vocabulary: Sequence[str], headings: Sequence[str]) -> Callable[..., str]:
    def body(rng: random.Random, length: tuple[int, int]) -> str:
        return en_body(rng, length, vocabulary, headings)

    return body


def zh_sentence(rng: random.Random) -> str:
    text = rng.choice(ZH_CONNECTORS) if rng.random() < 0.3 else ""
    for i in range(rng.randint(2, 5)):
        word = rng.choice(CODE_WORDS) if rng.random() < 0.08 else rng.choice(ZH_WORDS)
        text += word + rng.choice(ZH_PARTICLES)
        if i and rng.random() < 0.3:
            text += "，"
    return text + rng.choice(ZH_WORDS) + rng.choice(ZH_ENDINGS)


def ko_sentence(rng: random.Random) -> str:
    words = [rng.choice(KO_CONNECTORS).strip()] if rng.random() < 0.3 else []
    for _ in range(rng.randint(2, 5)):
        word = rng.choice(CODE_WORDS) if rng.random() < 0.08 else rng.choice(KO_WORDS)
        words.append(word + rng.choice(KO_PARTICLES))
    return " ".join(words) + " " + rng.choice(KO_ENDINGS) + " "


def cjk(sentence: Callable[[random.Random], str], headings: Sequence[str]) -> Callable[..., str]:
    def body(rng: random.Random, length: tuple[int, int]) -> str:
        return ja_body(rng, length, sentence, headings)

    return body


def latin_summary(vocabulary: Sequence[str]) -> Callable[[random.Random], str]:
    return lambda rng: en_sentence(rng, rng.randint(14, 28), vocabulary)


LANGS = {
    lang.code: lang
    for lang in (
        Lang(
            "en", "English", "Long-tail bench", tuple(c[0] for c in CATEGORIES),
            ("Students", "Professional"),
            ("Long-tail bench", "A generated site of {n} pages per language.", "All tags"),
            "Tags", latin_title(EN_TITLE_LEAD, EN_WORDS[60:]), latin_summary(EN_WORDS),
            latin(EN_WORDS, EN_HEADINGS), (400, 1800),
        ),
        Lang(
            "ja", "日本語", "ロングテールベンチ", tuple(c[1] for c in CATEGORIES),
            ("学生向け", "実務者向け"),
            ("ロングテールベンチ", "言語ごとに{n}ページの生成サイトです。", "すべてのタグ"),
            "タグ", cjk_title(JA_WORDS, JA_TITLE_TAIL),
            lambda rng: "".join(ja_sentence(rng) for _ in range(2)),
            cjk(ja_sentence, JA_HEADINGS), (1000, 4500),
        ),
        Lang(
            "de", "Deutsch", "Long-Tail-Bench",
            ("Training", "Agenten", "Betrieb", "Bewertung", "Sprache", "Bilder", "Theorie",
             "Werkzeuge"),
            ("Studierende", "Fachleute"),
            ("Long-Tail-Bench", "Eine generierte Website mit {n} Seiten je Sprache.",
             "Alle Schlagwörter"),
            "Schlagwörter",
            latin_title(("Einführung in", "Leitfaden:", "Grundlagen:", "Fehlersuche:",
                         "Konfiguration:", "Mehr über"), DE_WORDS[40:]),
            latin_summary(DE_WORDS), latin(DE_WORDS, DE_HEADINGS), (400, 1800),
        ),
        Lang(
            "fr", "Français", "Banc longue traîne",
            ("Entraînement", "Agents", "Service", "Évaluation", "Parole", "Vision", "Théorie",
             "Outils"),
            ("Étudiants", "Professionnels"),
            ("Banc longue traîne", "Un site généré de {n} pages par langue.",
             "Toutes les étiquettes"),
            "Étiquettes",
            latin_title(("Introduction à", "Guide :", "Comprendre", "Configurer", "Dépanner",
                         "Notes sur"), FR_WORDS[50:]),
            latin_summary(FR_WORDS), latin(FR_WORDS, FR_HEADINGS), (450, 2000),
        ),
        Lang(
            "es", "Español", "Banco de cola larga",
            ("Entrenamiento", "Agentes", "Servicio", "Evaluación", "Voz", "Visión", "Teoría",
             "Herramientas"),
            ("Estudiantes", "Profesionales"),
            ("Banco de cola larga", "Un sitio generado de {n} páginas por idioma.",
             "Todas las etiquetas"),
            "Etiquetas",
            latin_title(("Introducción a", "Guía:", "Cómo configurar", "Entender", "Notas sobre",
                         "Solucionar"), ES_WORDS[50:]),
            latin_summary(ES_WORDS), latin(ES_WORDS, ES_HEADINGS), (450, 2000),
        ),
        Lang(
            "zh", "中文", "长尾基准",
            ("训练", "智能体", "服务", "评估", "语音", "视觉", "理论", "工具"),
            ("学生", "专业人士"),
            ("长尾基准", "每种语言{n}个页面的生成站点。", "所有标签"), "标签",
            cjk_title(ZH_WORDS, ("入门", "指南", "详解", "最佳实践", "常见问题", "说明")),
            lambda rng: "".join(zh_sentence(rng) for _ in range(2)),
            cjk(zh_sentence, ZH_HEADINGS), (600, 2700),
        ),
        Lang(
            "ko", "한국어", "롱테일 벤치",
            ("학습", "에이전트", "서빙", "평가", "음성", "비전", "이론", "도구"),
            ("학생", "실무자"),
            ("롱테일 벤치", "언어마다 {n}개 페이지로 된 생성 사이트입니다.", "모든 태그"), "태그",
            cjk_title(KO_WORDS, (" 소개", " 가이드", " 이해하기", " 설정하기", " 문제 해결"), " "),
            lambda rng: "".join(ko_sentence(rng) for _ in range(2)).strip(),
            cjk(ko_sentence, KO_HEADINGS), (900, 4000),
        ),
    )
}  # fmt: skip


@dataclass(frozen=True)
class Shape:
    """A long-tail site: its languages, how many of its pages are tagged and with how many
    tags, how many distinct tags, and where its pages live."""

    languages: tuple[str, ...]
    n: int  # pages per language (articles)
    tagged_share: float  # of the pages
    tag_counts: tuple[tuple[int, ...], tuple[int, ...]]  # counts, weights
    distinct: Callable[[int], int]  # distinct tags for n pages
    head_share: float  # of the tag uses, on the few common tags
    folders: tuple[str, ...]  # pages go in one of these, at random
    length: tuple[int, int] | None  # English body length; None: the zipf profile's bodies


LONGTAIL = {
    # en + ja, as the zipf profile but with a long tail: every article tagged with 1–4 (mean
    # 2.5), and 1.2 tags per article; the zipf profile's bodies and its one `articles/` folder
    2: Shape(
        ("en", "ja"), 1000, 1.0, ((1, 2, 3, 4), (10, 40, 40, 10)), lambda n: -(-12 * n // 10),
        0.2, ("articles",), None,
    ),
    # a public documentation site: seven languages, about 165 pages each, half of them tagged
    # with 3–5 tags, about 260 tags, pages in sections, bodies of a documentation page
    7: Shape(
        ("en", "ja", "de", "fr", "es", "zh", "ko"), 165, 0.5, ((3, 4, 5), (30, 40, 30)),
        lambda n: round(n * 260 / 165), 0.15, SECTIONS, (400, 1800),
    ),
}  # fmt: skip
LONGTAIL_TAIL_SUFFIX = (
    "pytorch", "jax", "cuda", "triton", "rust", "survey", "benchmarks", "faq", "howto", "v2",
    "at-scale", "on-device", "docs", "cli", "api", "migration",
)  # fmt: skip
JA_TAG_THIRD = ("", "入門", "実践", "比較", "応用")


def longtail_names(rng: random.Random, distinct: int, head: int) -> list[str]:
    """`distinct` tag names: the zipf profile's head (Japanese and awkward names among them),
    then names drawn without repeats from two- and three-part combinations, a quarter Japanese."""
    names = list(HEAD_TAGS[:head])
    latin_pool = [f"{a}-{b}" for a in TAG_FIRST for b in TAG_SECOND]
    latin_pool += [
        f"{a}-{b}-{c}" for a in TAG_FIRST for b in TAG_SECOND for c in LONGTAIL_TAIL_SUFFIX
    ]
    ja_pool = [a + b + c for c in JA_TAG_THIRD for a in JA_TAG_FIRST for b in JA_TAG_SECOND]
    want_ja = min(len(ja_pool), (distinct - head) // 4)
    tail = rng.sample(ja_pool, want_ja) + rng.sample(latin_pool, distinct - head - want_ja)
    rng.shuffle(tail)
    taken = {name.casefold() for name in names}
    names += [name for name in tail if name.casefold() not in taken]
    return names


def longtail_tags(
    rng: random.Random, counts: Sequence[int], distinct: int, head_share: float
) -> list[list[str]]:
    """Tags for pages wanting `counts` tags each: `distinct` names, a few common ones taking
    `head_share` of the uses (Zipf among themselves), every other one used once, twice or, rarely,
    three times. The uses are dealt out shuffled, never twice the same tag on a page."""
    uses = sum(counts)
    head = max(3, min(len(HEAD_TAGS), distinct // 50))
    tail = distinct - head
    head_uses = round(uses * head_share)
    if head_uses + tail > uses:  # too few uses for that many tags: fewer tags
        tail = max(0, uses - head_uses)
    names = longtail_names(rng, head + tail, head)
    weights = [1 / (rank + 1) for rank in range(head)]
    per_tag = [int(head_uses * w / sum(weights)) for w in weights]
    per_tag[0] += head_uses - sum(per_tag)
    per_tag += [1] * tail
    for _ in range(uses - head_uses - tail):  # the extra uses: on tail tags, at most 3 each
        while True:
            index = head + rng.randrange(tail) if tail else rng.randrange(head)
            if index < head or per_tag[index] < 3:
                per_tag[index] += 1
                break
    pool = [name for name, times in zip(names, per_tag, strict=True) for _ in range(times)]
    rng.shuffle(pool)
    dealt: list[list[str]] = []
    for want in counts:
        chosen: list[str] = []
        while len(chosen) < want:
            index = next((i for i, tag in enumerate(pool) if tag not in chosen), None)
            if index is None:
                break
            chosen.append(pool.pop(index))
        dealt.append(chosen)
    return dealt


@dataclass(frozen=True)
class Summary:
    """What a generated site holds, for the reports."""

    languages: tuple[str, ...]
    pages: int  # Markdown pages, every language
    tagged: int  # tagged pages per language
    tags: int  # distinct tags (the same in every language)
    once: int  # tags on one page
    twice: int  # tags on two pages
    most: int  # pages of the most used tag


def summarize(languages: Sequence[str], pages: int, tags: Sequence[Sequence[str]]) -> Summary:
    uses = collections.Counter(tag for page in tags for tag in page)
    return Summary(
        tuple(languages),
        pages,
        sum(1 for page in tags if page),
        len(uses),
        sum(1 for c in uses.values() if c == 1),
        sum(1 for c in uses.values() if c == 2),
        max(uses.values(), default=0),
    )


def write_longtail(docs: Path, shape: Shape, n: int, seed: int) -> Summary:
    """The long-tail pages of `shape` with `n` pages per language; every language of a page has
    the same tags, category, type, audience and date, and its own title, summary and body."""
    rng = random.Random(seed)
    tagged = set(rng.sample(range(n), round(n * shape.tagged_share)))
    counts = [rng.choices(*shape.tag_counts)[0] if i in tagged else 0 for i in range(n)]
    tags = longtail_tags(rng, counts, shape.distinct(n), shape.head_share)
    for folder in shape.folders:
        (docs / folder).mkdir(parents=True)
    for index in range(n):
        folder = shape.folders[0] if len(shape.folders) == 1 else rng.choice(shape.folders)
        stem = f"{folder}/a{index + 1:05d}"
        category = rng.randrange(len(CATEGORIES))
        member = rng.random() < 0.25
        type_ = rng.choices(TYPES, TYPE_WEIGHTS)[0]
        audience = rng.choice(AUDIENCES)
        date = FIRST_DATE + dt.timedelta(days=rng.randrange(DATE_SPAN_DAYS))
        for code in shape.languages:
            lang = LANGS[code]
            title = lang.title(rng)
            matter = front_matter_text(
                title=title,
                summary=lang.summary(rng),
                category=lang.categories[category],
                member=member,
                type_=type_,
                tags=tags[index],
                audience=audience,
                date=date,
            )
            if shape.length is None:  # the zipf profile's bodies
                body = en_body(rng) if code == "en" else ja_body(rng)
            else:
                body = lang.body(rng, lang.length)
            suffix = "" if code == shape.languages[0] else f".{code}"
            (docs / f"{stem}{suffix}.md").write_text(f"{matter}\n# {title}\n\n{body}", "utf-8")
    return summarize(shape.languages, n * len(shape.languages), tags)


def longtail_yml(variant: str, shape: Shape, n: int, *, search_merge: bool = True) -> str:
    merge = "" if search_merge else "      reconfigure_search: false\n"
    languages = "".join(
        f"        - {{locale: {code}, "
        + ("default: true, " if i == 0 else "")
        + f"name: {LANGS[code].name}, build: true"
        + (f", site_name: {LANGS[code].site_name}" if i else "")
        + "}\n"
        for i, code in enumerate(shape.languages)
    )
    plugins = f"""\
  - search
  - i18n:
      docs_structure: suffix
      fallback_to_default: true
      reconfigure_material: true
{merge}      languages:
{languages}"""
    if variant == "material-tags":
        plugins += "  - tags\n"
    elif variant == "tagindex":
        students = ", ".join(f"{c}: {LANGS[c].audiences[0]}" for c in shape.languages)
        professional = ", ".join(f"{c}: {LANGS[c].audiences[1]}" for c in shape.languages)
        plugins += f"""\
  - tagindex:
      audiences:
        students: {{{students}}}
        professional: {{{professional}}}
"""
    return f"""\
# Generated by bench/sitegen.py (longtail, {len(shape.languages)} languages, {variant}, {n} pages
# per language); edit the generator, not this file.
site_name: {LANGS[shape.languages[0]].site_name}
site_url: https://bench.example.com/
docs_dir: docs

theme:
  name: material
  language: {shape.languages[0]}

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


def longtail_index_pages(variant: str, shape: Shape, n: int) -> dict[str, str]:
    pages = {}
    for i, code in enumerate(shape.languages):
        lang = LANGS[code]
        suffix = "" if i == 0 else f".{code}"
        title, sentence, all_tags = lang.index
        link = ""
        if variant == "tagindex":
            link = f"[{all_tags}](tags/index.md)\n"
        elif variant == "material-tags":
            link = f"[{all_tags}](tags.md)\n"
            pages[f"tags{suffix}.md"] = f"# {lang.tags_title}\n\n<!-- material/tags -->\n"
        pages[f"index{suffix}.md"] = f"# {title}\n\n{sentence.format(n=n)}\n\n{link}"
    return pages


def generate(
    dest: Path,
    n: int | None = None,
    *,
    seed: int = 0,
    variant: str,
    search_merge: bool = True,
    profile: str = "zipf",
    languages: int = 2,
) -> Summary | None:
    """Write the site into `dest` (mkdocs.yml and docs/); an existing docs/ is replaced.
    `search_merge=False` sets static-i18n's `reconfigure_search: false` (its merge of the search
    indexes is quadratic in pages: 25 minutes at N = 4,000). `profile="longtail"` writes the
    long-tail site of 2 or 7 `languages` (`n`: pages per language, else the shape's); it returns
    what the site holds."""
    if variant not in (*VARIANTS, FLOOR):
        raise ValueError(f"variant must be one of {', '.join(VARIANTS)}, not {variant!r}")
    if profile not in PROFILES:
        raise ValueError(f"profile must be one of {', '.join(PROFILES)}, not {profile!r}")
    if profile == "longtail" and languages not in LONGTAIL:
        raise ValueError(f"languages must be one of {', '.join(map(str, LONGTAIL))}")
    if n is None:
        n = LONGTAIL[languages].n if profile == "longtail" else 200
    if n < 1:
        raise ValueError(f"n must be at least 1, not {n}")
    docs = dest / "docs"
    if docs.exists():
        shutil.rmtree(docs)
    docs.mkdir(parents=True)
    if profile == "longtail":
        shape = LONGTAIL[languages]
        summary = write_longtail(docs, shape, n, seed)  # the only RNG use, as below
        for name, text in longtail_index_pages(variant, shape, n).items():
            (docs / name).write_text(text, "utf-8")
        yml = longtail_yml(variant, shape, n, search_merge=search_merge)
        (dest / "mkdocs.yml").write_text(yml, "utf-8")
        if variant == FLOOR:
            write_floor(dest, shape.languages)
        return summary
    write_articles(docs, n, seed)  # the only RNG use: the same for every variant
    for name, text in index_pages(variant, n).items():
        (docs / name).write_text(text, "utf-8")
    (dest / "mkdocs.yml").write_text(mkdocs_yml(variant, n, search_merge=search_merge), "utf-8")
    if variant == FLOOR:
        write_floor(dest, ("en", "ja"))
    return None


FLOOR_PER_PAGE = 50
"""tagindex's default `per_page`: a tag of more cards takes more pages."""


def write_floor(dest: Path, languages: Sequence[str]) -> int:
    """The floor's trivial pages: for each language, one per page tagindex generates there with
    its default options (a page per tag its pages carry, split every 50 cards, and the all-tags
    page), at the same source paths, each a heading and one sentence; `not_in_nav` keeps them
    out of the navigation. Returns how many it wrote."""
    import yaml

    from mkdocs_tagindex.core.text.slugs import assign, tag_key

    docs = dest / "docs"
    counts: dict[str, collections.Counter[str]] = {
        code: collections.Counter() for code in languages
    }
    names: dict[str, str] = {}
    for path in sorted(docs.rglob("*.md")):
        text = path.read_text("utf-8")
        if not text.startswith("---\n"):
            continue
        meta = yaml.safe_load(text[4 : text.index("\n---", 4)]) or {}
        parts = path.name.split(".")
        code = parts[-2] if len(parts) > 2 and parts[-2] in counts else languages[0]
        for name in dict.fromkeys(tag_key(str(t)) for t in meta.get("tags") or ()):
            counts[code][name] += 1
        for t in meta.get("tags") or ():
            names.setdefault(tag_key(str(t)), str(t))
    slugs = assign(names)
    written = 0
    for i, code in enumerate(languages):
        suffix = "" if i == 0 else f".{code}"
        pages = {"tags/index": ("All tags", len(counts[code]))}
        for tag, cards in counts[code].items():
            for number in range(1, max(1, -(-cards // FLOOR_PER_PAGE)) + 1):
                folder = f"tags/{slugs[tag]}" + ("" if number == 1 else f"/page/{number}")
                pages[f"{folder}/index"] = (names[tag], cards)
        for stem, (title, count) in pages.items():
            path = docs / f"{stem}{suffix}.md"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(f"# {title}\n\nA page of {count} entries.\n", "utf-8")
            written += 1
    with (dest / "mkdocs.yml").open("a", encoding="utf-8") as yml:
        yml.write("not_in_nav: |\n  /tags/\n")
    return written


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("dest", type=Path)
    parser.add_argument("--profile", choices=PROFILES, default="zipf")
    parser.add_argument(
        "--languages", type=int, choices=sorted(LONGTAIL), default=2, help="longtail: 2 or 7"
    )
    parser.add_argument(
        "--n", type=int, help="articles (per language); default 200, longtail: the shape's"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--variant", choices=(*VARIANTS, FLOOR), default="tagindex")
    args = parser.parse_args()
    start = time.perf_counter()
    summary = generate(
        args.dest,
        args.n,
        seed=args.seed,
        variant=args.variant,
        profile=args.profile,
        languages=args.languages,
    )
    what = f"{args.n or 200} articles"
    if summary is not None:
        what = (
            f"longtail, {len(summary.languages)} languages, {summary.pages:,} pages, "
            f"{summary.tagged:,} tagged per language, {summary.tags:,} tags "
            f"({summary.once:,} on one page, {summary.twice:,} on two, the most on {summary.most})"
        )
    print(f"{args.variant}, {what}: {time.perf_counter() - start:.2f} s → {args.dest}")


if __name__ == "__main__":
    main()
