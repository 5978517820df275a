"""Recording what a campaign keeps: corpus entries and findings, grouped by signature.

A signature's first examples are saved in full (up to KEEP_EXAMPLES); later hits only count,
so that a bug hit ten thousand times does not fill the disk. Each saved finding says whether it
reproduced in a clean process.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from tzer.campaign.folder import CampaignFolder
from tzer.execution.executor import ExecResult
from tzer.triage.signature import signature

KEEP_EXAMPLES = 3


class Recorder:
    def __init__(self, folder: CampaignFolder, confirm: Callable[[str, str, list[Any], dict[str, bool], int], str],
                 common_meta: dict[str, Any]) -> None:
        self.folder = folder
        self.confirm = confirm
        self.common_meta = common_meta
        self.signatures: dict[str, dict[str, Any]] = folder.load_signatures()
        self.next_finding_id = folder.max_finding_id() + 1

    def finding(self, kind: str, result: ExecResult, seed_script: str, passes: list[Any],
                request: dict[str, Any], meta: dict[str, Any]) -> tuple[bool, str]:
        """Count a finding; save it when its signature has few examples. Returns (saved, signature)."""
        outcome = result.outcome
        sig = signature(kind, outcome.stage or result.stage, outcome.pass_name or result.pass_name,
                        outcome.message)
        now = time.time()
        group = self.signatures.setdefault(sig, {"kind": kind, "hits": 0, "first_seen": now, "examples": []})
        group["hits"] += 1
        group["last_seen"] = now
        if len(group["examples"]) >= KEEP_EXAMPLES:
            self.folder.save_signatures(self.signatures)
            return False, sig
        script = result.script or seed_script
        mutated_script_known = result.script is not None or request.get("mutation") is None
        verdict = "not_checked"
        if mutated_script_known:
            verdict = self.confirm(kind, script, passes, request.get("checks", {}), request.get("rng", 0))
        entry_id = self.next_finding_id
        self.next_finding_id += 1
        full_meta = {
            **self.common_meta, **meta,
            "id": entry_id, "kind": kind, "stage": outcome.stage or result.stage,
            "pass": outcome.pass_name or result.pass_name, "message": outcome.message,
            "error": outcome.error, "signal": result.signal, "confirmed": verdict,
            "signature": sig, "time": now, "checks": request.get("checks", {}), "rng": request.get("rng", 0),
            "mutation": request.get("mutation"), "script_is_mutant": mutated_script_known,
        }
        path = self.folder.save_finding(kind, entry_id, script, passes, full_meta, result.log_tail)
        group["examples"].append(str(path.relative_to(self.folder.root)))
        self.folder.save_signatures(self.signatures)
        return True, sig

    def corpus_passes_changed(self, entry_id: int, passes: list[Any], meta: dict[str, Any]) -> None:
        self.folder.update_queue_entry(entry_id, passes, {**self.common_meta, **meta, "id": entry_id})

    def corpus_entry(self, entry_id: int, script: str, passes: list[Any], meta: dict[str, Any]) -> None:
        self.folder.save_queue_entry(entry_id, script, passes, {**self.common_meta, **meta, "id": entry_id})
