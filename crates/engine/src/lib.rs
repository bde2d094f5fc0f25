//! Caption in, record out.
