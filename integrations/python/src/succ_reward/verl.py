"""verl's reward-function file: ``custom_reward_function.path`` = this file's path.

verl loads the file by path and calls the function named by ``custom_reward_function.name``:
``compute_score`` (one reply a call, the default reward manager) or ``compute_score_batch``
(``reward_manager.name=batch``). The gold answer is the row's ``reward_model.ground_truth``
(`succ export --format verl` writes it), scored in-process. Print the path to pass with
``python3 -m succ_reward.verl``.
"""

import os

from succ_reward.trainers import compute_score, compute_score_batch

__all__ = ["compute_score", "compute_score_batch"]

if __name__ == "__main__":
    print(os.path.abspath(__file__))
