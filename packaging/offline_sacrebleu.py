"""Runtime hook of the bundle: sacrebleu without its test-set downloader.

``import sacrebleu`` imports ``sacrebleu.dataset``, the catalogue of WMT/IWSLT test sets that sacrebleu
downloads from the internet, whose XML reader needs lxml (5 MB). LYSS never downloads anything, so the
bundle leaves both out and this hook registers the catalogue empty before anything imports sacrebleu:
every metric is the same code, and asking for a test set says it is unknown, which offline it is.
"""

import sys
import types

offline_catalogue = types.ModuleType("sacrebleu.dataset", "sacrebleu's test sets: none (LYSS works offline)")
offline_catalogue.DATASETS = {}
offline_catalogue.SUBSETS = {}
sys.modules.setdefault("sacrebleu.dataset", offline_catalogue)
