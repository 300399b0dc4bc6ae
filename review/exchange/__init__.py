"""Moving data between laptops: bundles, their checks and the rule of who owns what (the bundle judge), the shared folder and Syncthing (the rows themselves: ``review.records``)."""
