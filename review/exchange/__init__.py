"""Moving data between laptops: bundles, their checks, laptops and ownership, the shared folder and Syncthing."""
