"""The paper's measures and the other curves of PR and ROC analysis: the interpolations,
the hull and the achievable curve, dominance, the interpolated PR areas, partial areas,
bounds, lift, cost and PRG curves, the operating points, the grouped AUC and the
decision curves.
"""
