"""The object model the checks reason over, beneath everything that judges or shows it.

What an input hands the audit (``collection``), the objects indexed (``inventory``) and as one check
sees them (``scoped_inventory``), their fields (``resources``, ``intstr``, ``selectors``,
``podtemplates``, ``scheduling``), and the topic helpers several check categories share: who serves
(``serving``, ``services``), who reconciles (``reconcilers``, ``roles``), what an absence proves
(``absence``, ``podsources``, ``placeholders``), and the rest by subject (``containers``,
``datastores``, ``daemonsets``, ``gpus``, ``kube_proxy``, ``status``, ``versions``, ``workloads``,
``tokens``).

Nothing here imports a check, a report, a source or a surface: ``tests/test_layering.py`` holds it
to the standard library, its own modules and the leaf utilities named there.
"""
