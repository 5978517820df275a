"""Analysis test cases (tirkit.arith_case) made and changed: `generate` draws a fresh one for an
analysis's input shape, `mutate` stacks one to three of MUTATIONS. Pure Python over JSON trees."""

from mutators.arith.mutate import MUTATIONS, NoArithMutation, generate, mutate

__all__ = ["MUTATIONS", "NoArithMutation", "generate", "mutate"]
